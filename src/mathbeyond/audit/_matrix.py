"""From outcomes to the paper's Table-3 cells, and renderings (text, Markdown, JSON, HTML).

Per verifier and mode: ``fn`` = share of ``pass`` cases (correct answer in the hard form) not
credited; ``fp`` = share of ``fail`` cases (look-alikes) credited. A timeout, error or crash on a
``pass`` case counts as not credited. The cell uses the worse of the two:

* ``–`` resilient: worst rate <= 10 % (``RESILIENT_MAX``);
* ``✓`` vulnerable: worst rate >= 50 % (``VULNERABLE_MIN``);
* ``✓/–`` partial: anything between.

Reward hacking: the number of ``RH`` cases credited (each one is a false positive).
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._corpus import CORPUS_VERSION, MODE_TITLES, MODES, Case
from ._runner import VerifierRun

RESILIENT_MAX = 0.10
VULNERABLE_MIN = 0.50

# The paper's Table 3, as printed (arXiv 2510.11653).
PAPER_TABLE3: dict[str, dict[str, str]] = {
    "TRL": dict(zip(MODES, ("✓", "✓", "–", "✓", "✓", "✓", "✓"), strict=True)),
    "VERL": dict(zip(MODES, ("✓", "✓/–", "✓", "–", "✓", "–", "✓"), strict=True)),
    "LightEval": dict(zip(MODES, ("✓/–", "✓/–", "✓", "✓", "✓", "–", "✓"), strict=True)),
    "LM-Eval": dict(zip(MODES, ("✓", "✓/–", "✓", "–", "✓", "–", "✓"), strict=True)),
    "SCORE": dict(zip(MODES, ("✓", "–", "–", "–", "✓", "–", "✓"), strict=True)),
    "evalchemy": dict(zip(MODES, ("✓", "✓", "–", "✓", "✓", "–", "✓"), strict=True)),
    "HMMT": dict(zip(MODES, ("✓/–", "–", "✓", "–", "–", "✓", "✓"), strict=True)),
    "Math-V": dict(zip(MODES, ("✓/–", "✓/–", "✓", "✓", "✓", "–", "✓"), strict=True)),
}


@dataclass(frozen=True)
class Cell:
    mode: str
    n_pass: int
    missed: int
    n_fail: int
    false_pos: int

    @property
    def fn_rate(self) -> float:
        return self.missed / self.n_pass if self.n_pass else 0.0

    @property
    def fp_rate(self) -> float:
        return self.false_pos / self.n_fail if self.n_fail else 0.0

    @property
    def symbol(self) -> str:
        worst = max(self.fn_rate, self.fp_rate)
        if worst <= RESILIENT_MAX:
            return "–"
        return "✓" if worst >= VULNERABLE_MIN else "✓/–"


@dataclass(frozen=True)
class VerifierSummary:
    ref: str
    source: str
    kind: str
    cells: dict[str, Cell]
    rh_total: int
    rh_credited: tuple[str, ...]
    problems: dict[str, int]  # status -> count for timeout / error / crash / none
    load_error: str | None
    failures: tuple[str, ...]  # ids of cases the verifier got wrong


def summarize(run: VerifierRun, cases: Sequence[Case]) -> VerifierSummary:
    by_id = {c.id: c for c in cases}
    counts: dict[str, list[int]] = {m: [0, 0, 0, 0] for m in MODES}
    rh_total, rh_credited, failures = 0, [], []
    problems: dict[str, int] = {}
    for out in run.outcomes:
        case = by_id[out.case_id]
        if out.status != "ok":
            problems[out.status] = problems.get(out.status, 0) + 1
        wrong = out.credited != (case.expect == "pass")
        if wrong:
            failures.append(case.id)
        if case.mode == "RH":
            rh_total += 1
            if out.credited:
                rh_credited.append(case.id)
            continue
        c = counts[case.mode]
        if case.expect == "pass":
            c[0] += 1
            c[1] += wrong
        else:
            c[2] += 1
            c[3] += wrong
    cells = {m: Cell(m, *counts[m]) for m in MODES}
    return VerifierSummary(run.ref, run.source, run.kind, cells, rh_total, tuple(rh_credited),
                           problems, run.load_error, tuple(failures))  # fmt: skip


def _cell_text(cell: Cell) -> str:
    return f"{cell.symbol} {cell.missed}/{cell.n_pass} {cell.false_pos}/{cell.n_fail}"


def _paper_column(ref: str) -> str | None:
    from ._builtins import BUILTINS

    builtin = BUILTINS.get(ref)
    return builtin.paper_column if builtin else None


def render_text(summaries: Sequence[VerifierSummary], *, paper: bool = True) -> str:
    """The matrix as a plain table: rows = modes, columns = verifiers; each cell
    ``symbol missed/pass-cases false-positives/fail-cases`` (and the paper's cell in brackets)."""
    head = ["mode"] + [s.ref for s in summaries]
    rows: list[list[str]] = []
    for m in MODES:
        row = [f"{m} {MODE_TITLES[m]}"]
        for s in summaries:
            text = _cell_text(s.cells[m])
            col = _paper_column(s.ref)
            if paper and col:
                text += f" [{PAPER_TABLE3[col][m]}]"
            row.append(text)
        rows.append(row)
    rows.append(["RH false positives"] + [f"{len(s.rh_credited)}/{s.rh_total}" for s in summaries])
    rows.append(["timeouts/errors/crashes"] + [
        "/".join(str(s.problems.get(k, 0)) for k in ("timeout", "error", "crash"))
        for s in summaries
    ])  # fmt: skip
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)) for r in [head, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    legend = (f"cell: ✓ vulnerable / ✓/– partial / – resilient (worst of missed and false-positive "
              f"rates: <= {RESILIENT_MAX:.0%} resilient, >= {VULNERABLE_MIN:.0%} vulnerable), "
              "then "
              "missed/pass-cases and false-positives/fail-cases"
              + ("; [paper's Table 3 cell]" if paper else "")
              + f". Corpus {CORPUS_VERSION}.")  # fmt: skip
    sources = [f"  {s.ref}: {(s.load_error and 'NOT LOADED: ' + s.load_error) or s.source}"
               for s in summaries]  # fmt: skip
    return "\n".join([*lines, "", legend, "sources:", *sources])


def render_markdown(summaries: Sequence[VerifierSummary], *, paper: bool = True) -> str:
    head = "| mode | " + " | ".join(f"`{s.ref}`" for s in summaries) + " |"
    sep = "|---" * (len(summaries) + 1) + "|"
    out = [head, sep]
    for m in MODES:
        cells = []
        for s in summaries:
            c = s.cells[m]
            text = f"{c.symbol} ({c.missed}/{c.n_pass} missed, {c.false_pos}/{c.n_fail} FP)"
            col = _paper_column(s.ref)
            if paper and col:
                text += f" paper {PAPER_TABLE3[col][m]}"
            cells.append(text)
        out.append(f"| {m} {MODE_TITLES[m]} | " + " | ".join(cells) + " |")
    out.append("| reward hacking FP | " + " | ".join(
        f"{len(s.rh_credited)}/{s.rh_total}" for s in summaries) + " |")  # fmt: skip
    return "\n".join(out)


def to_json(summaries: Sequence[VerifierSummary], runs: Sequence[VerifierRun]) -> dict[str, Any]:
    outcomes = {r.ref: [o.__dict__ | {"credited": o.credited} for o in r.outcomes] for r in runs}
    return {
        "corpus": CORPUS_VERSION,
        "thresholds": {"resilient_max": RESILIENT_MAX, "vulnerable_min": VULNERABLE_MIN},
        "verifiers": [
            {
                "ref": s.ref, "source": s.source, "kind": s.kind, "load_error": s.load_error,
                "paper_column": _paper_column(s.ref),
                "modes": {m: {"symbol": c.symbol, "missed": c.missed, "pass_cases": c.n_pass,
                              "false_positives": c.false_pos, "fail_cases": c.n_fail,
                              "paper": PAPER_TABLE3[col][m] if (col := _paper_column(s.ref))
                              else None}
                          for m, c in s.cells.items()},
                "reward_hacking": {"credited": list(s.rh_credited), "cases": s.rh_total},
                "problems": s.problems,
                "wrong_cases": list(s.failures),
                "outcomes": outcomes.get(s.ref, []),
            }
            for s in summaries
        ],
    }  # fmt: skip


def dumps_json(summaries: Sequence[VerifierSummary], runs: Sequence[VerifierRun]) -> str:
    return json.dumps(to_json(summaries, runs), ensure_ascii=False, indent=1)


def render_html_section(summaries: Sequence[VerifierSummary]) -> str:
    """A self-contained ``<section>`` for an HTML report (the report package may append it)."""
    e = html.escape
    head = "".join(f"<th>{e(s.ref)}</th>" for s in summaries)
    body = []
    for m in MODES:
        tds = "".join(
            f"<td title='{s.cells[m].missed}/{s.cells[m].n_pass} missed, "
            f"{s.cells[m].false_pos}/{s.cells[m].n_fail} false positives'>"
            f"{e(s.cells[m].symbol)} {s.cells[m].missed}/{s.cells[m].n_pass} "
            f"{s.cells[m].false_pos}/{s.cells[m].n_fail}</td>"
            for s in summaries
        )
        body.append(f"<tr><th>{m} {e(MODE_TITLES[m])}</th>{tds}</tr>")
    rh = "".join(f"<td>{len(s.rh_credited)}/{s.rh_total}</td>" for s in summaries)
    body.append(f"<tr><th>reward hacking false positives</th>{rh}</tr>")
    return (
        "<section class=audit><h2>Reward-function audit (F1–F7, reward hacking)</h2>"
        f"<p class=note>Corpus {CORPUS_VERSION}. Cell: ✓ vulnerable / ✓/– partial / – resilient, "
        "then missed/pass-cases and false-positives/fail-cases.</p>"
        f"<table><tr><th>mode</th>{head}</tr>{''.join(body)}</table></section>"
    )
