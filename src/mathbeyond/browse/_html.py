"""Build the run browser: one HTML file with inline CSS/JS and the run embedded as JSON.

Only the selected problem is rendered (samples in pages of 50), so a run with 1024 samples per
problem stays responsive. Model text is inserted with ``textContent`` only, never as HTML, and
``</`` is escaped inside the embedded JSON, so a completion cannot inject markup or script.
Texts are bounded: each sample keeps its head and tail (``max_chars``; the answer is usually at
the end) and at most ``texts_per_problem`` samples per problem carry text (correct ones first,
then ``no_answer`` / ``limit_exceeded``, then the rest); every sample keeps its verdict fields.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._errors import ConfigError
from .._version import __version__
from ..store import RunStore, write_atomic
from ..verify import verify_batch

logger = logging.getLogger(__name__)

_STATUS_PRIORITY = {"correct": 0, "no_answer": 1, "limit_exceeded": 1}
_COLUMNS = (
    "problem_id",
    "sample_index",
    "text",
    "n_tokens",
    "finish_reason",
    "correct",
    "status",
    "extracted",
    "verifier_version",
)


@dataclass(frozen=True)
class ViewConfig:
    """What the page embeds (see the module docstring)."""

    texts_per_problem: int = 64
    max_chars: int = 6000
    reverify: bool = False
    """Re-run the verifier on embedded texts to show the deciding rule and reason (the store
    keeps status and extracted answer only)."""
    timeout: float = 1.0

    def __post_init__(self) -> None:
        if self.texts_per_problem < 0:
            raise ConfigError(f"texts_per_problem must be >= 0, got {self.texts_per_problem}")
        if self.max_chars < 200:
            raise ConfigError(f"max_chars must be at least 200, got {self.max_chars}")


def _clip(text: str, max_chars: int) -> tuple[str, int]:
    """Head and tail of ``text`` within ``max_chars``; returns the text and characters cut."""
    if len(text) <= max_chars:
        return text, 0
    head = max_chars // 4
    tail = max_chars - head
    cut = len(text) - max_chars
    return f"{text[:head]}\n\n[... {cut} characters not shown ...]\n\n{text[-tail:]}", cut


def build_view_data(store: RunStore, config: ViewConfig = ViewConfig()) -> dict[str, Any]:
    """The JSON document the page renders: manifest summary, problems, samples."""
    manifest = store.manifest
    states = {s.problem_id: s for s in store.problem_states()}
    table = store.samples(list(_COLUMNS))
    rows = table.to_pylist()
    by_problem: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_problem.setdefault(row["problem_id"], []).append(row)
    problems: list[dict[str, Any]] = []
    to_verify: list[tuple[dict[str, Any], str, str, str | None]] = []
    for pid in sorted(set(by_problem) | set(states)):
        state = states.get(pid)
        samples = by_problem.get(pid, [])
        ranked = sorted(
            samples, key=lambda r: (_STATUS_PRIORITY.get(r["status"] or "", 2), r["sample_index"])
        )
        with_text = {r["sample_index"] for r in ranked[: config.texts_per_problem]}
        out_samples = []
        counts: dict[str, int] = {}
        for r in samples:
            status = r["status"] or "unscored"
            counts[status] = counts.get(status, 0) + 1
            s: dict[str, Any] = {
                "i": r["sample_index"],
                "st": status,
                "x": r["extracted"],
                "nt": r["n_tokens"],
                "fr": r["finish_reason"],
            }
            if r["sample_index"] in with_text:
                s["t"], cut = _clip(r["text"], config.max_chars)
                if cut:
                    s["cut"] = cut
                if config.reverify and state is not None:
                    to_verify.append((s, r["text"], state.gold, state.question))
            out_samples.append(s)
        problems.append(
            {
                "id": pid,
                "q": None if state is None else state.question,
                "gold": None if state is None else state.gold,
                "k": None if state is None else state.target_k,
                "first": None if state is None else state.first_success,
                "n": len(samples),
                "counts": counts,
                "samples": out_samples,
            }
        )
    if to_verify:
        verdicts = verify_batch(
            [t for _, t, _, _ in to_verify],
            [g for _, _, g, _ in to_verify],
            [q for _, _, _, q in to_verify],
            timeout=config.timeout,
        )
        for (s, _, _, _), v in zip(to_verify, verdicts, strict=True):
            s["rule"] = v.rule
            s["why"] = v.reason
            if v.status.value != s["st"]:
                s["now"] = v.status.value  # the current verifier disagrees with the stored one
    versions = sorted({r["verifier_version"] for r in rows if r["verifier_version"]})
    return {
        "run": {
            "run_id": manifest.run_id,
            "model": manifest.model,
            "dataset": manifest.dataset,
            "split": manifest.split,
            "k": manifest.k,
            "backend": manifest.backend,
            "created_at": manifest.created_at,
            "verifier_versions": versions,
            "texts_per_problem": config.texts_per_problem,
            "max_chars": config.max_chars,
            "reverified": config.reverify,
            "mathbeyond": __version__,
        },
        "problems": problems,
    }


def _embed(data: dict[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # inside <script> only "</" (and the HTML comment openers) can end or confuse the element
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def render_view(data: dict[str, Any]) -> str:
    """The complete HTML page (no external resources)."""
    title = f"{data['run']['model']} on {data['run']['dataset']} - mathb run browser"
    return (
        _PAGE.replace("@@TITLE@@", _escape(title))
        .replace("@@CSS@@", _CSS)
        .replace("@@JS@@", _JS)
        .replace("@@DATA@@", _embed(data))
    )


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def write_view(store: RunStore, out: str | Path, config: ViewConfig = ViewConfig()) -> Path:
    """Write the browser for ``store`` to ``out`` (atomically); returns the path."""
    path = Path(out)
    html = render_view(build_view_data(store, config))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, html)
    logger.info("wrote %s (%d bytes)", path, len(html.encode()))
    return path


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@@TITLE@@</title>
<style>@@CSS@@</style></head>
<body>
<header><h1 id="title"></h1><div id="meta"></div></header>
<div id="controls">
<input id="search" type="search" placeholder="search problems (id, question, gold) and sample text"
 aria-label="search">
<select id="status" aria-label="status filter">
<option value="">all statuses</option><option>correct</option><option>incorrect</option>
<option>no_answer</option><option>limit_exceeded</option><option>unparseable_gold</option>
<option>unscored</option></select>
<span id="count"></span></div>
<main><nav id="problems" aria-label="problems"></nav><section id="detail"></section></main>
<script id="run-data" type="application/json">@@DATA@@</script>
<script>@@JS@@</script>
</body></html>
"""

_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222}
header{padding:8px 14px;background:#f3f3f3;border-bottom:1px solid #ddd}
h1{font-size:18px;margin:0}#meta{color:#555;font-size:12px}
#controls{padding:6px 14px;border-bottom:1px solid #ddd;display:flex;gap:8px;align-items:center}
#search{flex:1;max-width:480px;padding:4px}
main{display:flex;height:calc(100vh - 100px)}
nav{width:300px;overflow-y:auto;border-right:1px solid #ddd}
nav button{display:block;width:100%;text-align:left;border:0;border-bottom:1px solid #eee;
background:none;padding:5px 10px;cursor:pointer;font:inherit}
nav button.sel{background:#e4efff}nav button .c{color:#666;font-size:12px}
section{flex:1;overflow-y:auto;padding:10px 16px}
.q{white-space:pre-wrap;background:#fafafa;border:1px solid #eee;padding:8px}
details{border:1px solid #e3e3e3;margin:4px 0;border-radius:3px}
summary{cursor:pointer;padding:3px 8px;font-family:ui-monospace,monospace;font-size:12px}
pre{white-space:pre-wrap;word-break:break-word;margin:0;padding:8px;background:#fcfcfc;
max-height:60vh;overflow:auto}
.st-correct{color:#0a7a2f}.st-incorrect{color:#a33}.st-no_answer{color:#a60}
.st-limit_exceeded{color:#80f}.st-unscored{color:#777}.note{color:#777;font-size:12px}
"""

_JS = r"""
"use strict";
const DATA = JSON.parse(document.getElementById("run-data").textContent);
const PAGE = 50;
const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
};
let selected = null;
let shown = PAGE;

function matches(p, needle, status) {
  if (status && !(p.counts[status] > 0)) return false;
  if (!needle) return true;
  const hay = [p.id, p.q || "", p.gold || ""].join("\n").toLowerCase();
  if (hay.includes(needle)) return true;
  return p.samples.some((s) => (s.t || "").toLowerCase().includes(needle) ||
                                (s.x || "").toLowerCase().includes(needle));
}

function sampleVisible(s, needle, status) {
  if (status && s.st !== status) return false;
  if (!needle) return true;
  return (s.t || "").toLowerCase().includes(needle) || (s.x || "").toLowerCase().includes(needle);
}

function renderList() {
  const needle = $("search").value.trim().toLowerCase();
  const status = $("status").value;
  const nav = $("problems");
  nav.replaceChildren();
  let n = 0;
  for (const p of DATA.problems) {
    if (!matches(p, needle, status)) continue;
    n += 1;
    const b = el("button");
    b.dataset.id = p.id;
    if (selected === p.id) b.className = "sel";
    b.append(el("div", "", p.id));
    const ok = p.counts.correct || 0;
    b.append(el("div", "c", ok + "/" + p.n + " correct" +
      (p.counts.no_answer ? ", " + p.counts.no_answer + " no answer" : "") +
      (p.counts.limit_exceeded ? ", " + p.counts.limit_exceeded + " limit" : "")));
    b.addEventListener("click", () => {
      selected = p.id; shown = PAGE; renderList(); renderDetail();
    });
    nav.append(b);
  }
  $("count").textContent = n + " of " + DATA.problems.length + " problems";
}

function renderDetail() {
  const sec = $("detail");
  sec.replaceChildren();
  const p = DATA.problems.find((x) => x.id === selected);
  if (!p) { sec.append(el("p", "note", "Select a problem.")); return; }
  const needle = $("search").value.trim().toLowerCase();
  const status = $("status").value;
  sec.append(el("h2", "", p.id));
  if (p.q) sec.append(el("div", "q", p.q));
  sec.append(el("p", "", "gold: " + (p.gold ?? "?") + "   samples: " + p.n +
    (p.k ? " / k=" + p.k : "") + "   first correct index: " + (p.first ?? "none")));
  const counts = Object.entries(p.counts).map(([k, v]) => k + " " + v).join(", ");
  sec.append(el("p", "note", counts));
  const visible = p.samples.filter((s) => sampleVisible(s, needle, status));
  for (const s of visible.slice(0, shown)) {
    const d = el("details");
    const sum = el("summary");
    sum.append(el("span", "st-" + s.st, s.st.padEnd(15)));
    sum.append(document.createTextNode(" #" + s.i + "  extracted: " + (s.x ?? "-") +
      (s.rule ? "  rule: " + s.rule : "") + (s.now ? "  (now: " + s.now + ")" : "") +
      "  " + s.nt + " tokens, " + s.fr));
    d.append(sum);
    d.addEventListener("toggle", () => {
      if (!d.open || d.childElementCount > 1) return;
      if (s.why) d.append(el("div", "note", "reason: " + s.why));
      if (s.t !== undefined) {
        d.append(el("pre", "", s.t));
        if (s.cut) d.append(el("div", "note", s.cut + " characters were cut (head and tail kept)"));
      } else {
        d.append(el("div", "note", "text not embedded (raise --texts-per-problem)"));
      }
    });
    sec.append(d);
  }
  if (visible.length > shown) {
    const more = el("button", "", "show " + Math.min(PAGE, visible.length - shown) + " more of " +
      (visible.length - shown));
    more.id = "more";
    more.addEventListener("click", () => { shown += PAGE; renderDetail(); });
    sec.append(more);
  }
  if (!visible.length) sec.append(el("p", "note", "no sample matches the filter"));
}

function init() {
  const r = DATA.run;
  $("title").textContent = r.model + " on " + r.dataset + (r.split ? ":" + r.split : "");
  $("meta").textContent = "run " + r.run_id + ", k=" + r.k + ", backend " + r.backend +
    ", verifier " + (r.verifier_versions.join(", ") || "-") + ", created " + r.created_at +
    (r.reverified ? ", rules from re-verification" : ", rules not stored (mathb view --reverify)");
  let timer = null;
  $("search").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => { shown = PAGE; renderList(); renderDetail(); }, 150);
  });
  $("status").addEventListener("change", () => { shown = PAGE; renderList(); renderDetail(); });
  if (DATA.problems.length) selected = DATA.problems[0].id;
  renderList();
  renderDetail();
  document.body.dataset.ready = "1";
}
init();
"""
