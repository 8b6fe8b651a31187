"""A static, self-contained HTML browser of one run (``mathb view RUN --out FILE.html``)."""

from ._html import ViewConfig, build_view_data, render_view, write_view

__all__ = ["ViewConfig", "build_view_data", "render_view", "write_view"]
