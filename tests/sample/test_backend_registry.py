from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from mathbeyond import ConfigError
from mathbeyond.sample import Completion, SampleRequest, create_backend, register_backend


class _Typed:
    name = "typed-test"

    def __init__(
        self,
        model: str | None = None,
        *,
        n_ctx: int = 2048,
        temperature_scale: float = 1.0,
        verbose: bool = False,
    ) -> None:
        self.model, self.n_ctx, self.scale, self.verbose = model, n_ctx, temperature_scale, verbose

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        return iter(())

    def close(self) -> None:
        pass


register_backend("typed-test")(_Typed)


def test_known_options_pass_through():
    backend = create_backend("typed-test", model="m", n_ctx=4096, temperature_scale=2, verbose=True)
    assert isinstance(backend, _Typed)
    assert (backend.model, backend.n_ctx, backend.scale, backend.verbose) == ("m", 4096, 2, True)


def test_wrong_type_is_one_clear_error():
    with pytest.raises(ConfigError, match="option 'n_ctx' must be int, got 'abc'"):
        create_backend("typed-test", n_ctx="abc")


def test_unknown_option_lists_the_accepted_ones():
    with pytest.raises(ConfigError, match=r"has no option 'n_cxt'.*n_ctx"):
        create_backend("typed-test", n_cxt=4096)


def test_unknown_backend():
    with pytest.raises(ConfigError, match="unknown backend 'nope'"):
        create_backend("nope")


@pytest.mark.parametrize("name", ["llamacpp", "openai", "vllm"])
def test_builtin_backends_reject_unknown_options(name):
    with pytest.raises(ConfigError, match="option"):
        create_backend(name, definitely_not_an_option=1, n_ctx="abc", base_url=3, model=5)
