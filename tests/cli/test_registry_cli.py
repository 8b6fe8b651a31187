import pyarrow.parquet as pq
from click.testing import CliRunner

from mathbeyond.cli import cli
from mathbeyond.metrics import write_verdict_run


def test_models_lists_registry():
    result = CliRunner().invoke(cli, ["models"])
    assert result.exit_code == 0, result.output
    assert "nemotron-1.5b-v1" in result.output and "qwen3_8b_base" in result.output


def test_export_writes_parquet(tmp_path):
    run = write_verdict_run(
        tmp_path / "run", "r1-1.5b", ["p/0", "p/1"], [[True, False, True], [False, False, False]]
    )
    out = tmp_path / "x" / "samples.parquet"
    result = CliRunner().invoke(cli, ["export", str(run), "--out", str(out)])
    assert result.exit_code == 0, result.output
    table = pq.read_table(out)
    assert table.num_rows == 6
    rows = sorted(zip(table["problem_id"].to_pylist(), table["sample_index"].to_pylist(),
                      table["correct"].to_pylist(), strict=True))
    assert rows[:3] == [("p/0", 0, True), ("p/0", 1, False), ("p/0", 2, True)]


def test_export_of_non_run_is_one_error(tmp_path):
    out = str(tmp_path / "a.parquet")
    result = CliRunner().invoke(cli, ["export", str(tmp_path), "--out", out])
    assert result.exit_code != 0
