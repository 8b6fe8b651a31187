"""Exact literal pre-checks for slow regular expressions (a speed-up that changes no result).

Python's regular-expression engine tries a case-insensitive alternation of phrases at every
position of the text: 20 to 200 ns per character for the lexicon's phrase lists, most of the
verifier's time on a long completion. Every match of such a pattern contains one of a few
literal strings (``wait``, ``oops``, ``retract``, ...), which plain substring search finds at
under 1 ns per character. :class:`Guarded` wraps a compiled pattern with the literals read from
its parse tree (:func:`necessary_literals`) and runs the pattern only where one is present.

Why this is exact:

* every match of the pattern lies inside the searched range ``[pos, endpos)`` and contains one
  of the literals (a literal run of a sequence every match passes through; for an alternation,
  one per branch; a repeat counts only when it must occur at least once);
* a case-insensitive pattern is checked on a lowered copy of the text. The engine's
  case-insensitive match of an ASCII letter accepts that letter in either case and four other
  characters (U+0130, U+0131, U+017F, U+212A), which the copy maps to their ASCII letter first;
  after that every character lowers to exactly one character, so offsets are unchanged
  (tests/verify/test_prefilter.py checks both facts against the running Python);
* only ASCII literals are used (a non-ASCII literal ends a run and requires nothing), and a
  group that switches case-sensitivity inline requires nothing.

``ENABLED = False`` runs every pattern unguarded (tests compare the two).
"""

from __future__ import annotations

import heapq
import importlib
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

ENABLED = True
RUNS = True
_ONE_SEARCH_CHARS = 256  # up to this range: one search for all literals, not one find each
_RUNS_FROM_CHARS = 512  # shorter ranges: one guard check and one search cost less
"""Search a guarded pattern only on the stretches of text holding a literal (:func:`run_class`);
tests compare on and off."""

_FOLD = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}
"""Characters the engine matches case-insensitively to an ASCII letter other than its cases."""

_MAX_LITERALS = 32  # (lexicon WITHDRAWN_ANSWER needs 28)
_MIN_USEFUL_LENGTH = 2  # a guard of one-letter literals (case-insensitive) would rarely skip


def _sre() -> tuple[Any, Any]:
    try:  # Python 3.11+
        return importlib.import_module("re._parser"), importlib.import_module("re._constants")
    except ImportError:  # pragma: no cover - Python 3.10
        return importlib.import_module("sre_parse"), importlib.import_module("sre_constants")


_Need = frozenset[str] | None


_COMMON = frozenset((
    "a", "an", "and", "answer", "are", "as", "at", "be", "by", "final", "find", "for", "get",
    "has", "have", "if", "in", "is", "it", "its", "number", "of", "on", "or", "our", "so",
    "that", "the", "then", "there", "this", "to", "total", "value", "was", "we", "which",
    "with",
))
"""Words in nearly every completion: a guard on one of them would almost never skip."""


def _cost(literals: frozenset[str]) -> float:
    """How often a guard on these literals lets the pattern run, roughly (lower is better)."""
    return sum(1.0 if lit in _COMMON else 1.0 / len(lit) ** 2 for lit in literals)


def _best(options: list[frozenset[str]]) -> _Need:
    """The most selective requirement of a sequence (rare, long, few literals)."""
    if not options:
        return None
    return min(options, key=lambda s: (_cost(s), len(s)))


def _need(items: Any, icase: bool, c: Any) -> _Need:
    """Literals one of which every match of the parsed sequence ``items`` contains."""
    options: list[frozenset[str]] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            options.append(frozenset(["".join(run)]))
            run.clear()

    for op, av in items:
        if op is c.LITERAL and av < 128:
            run.append(chr(av).lower() if icase else chr(av))
            continue
        flush()
        sub: _Need = None
        if op is c.SUBPATTERN:
            _group, add_flags, del_flags, pattern = av
            if not ((add_flags | del_flags) & re.IGNORECASE):
                sub = _need(pattern, icase, c)
        elif op is c.ATOMIC_GROUP if hasattr(c, "ATOMIC_GROUP") else False:
            sub = _need(av, icase, c)
        elif op is c.BRANCH:
            alternatives = [_need(p, icase, c) for p in av[1]]
            if all(a is not None for a in alternatives):
                sub = frozenset().union(*(a for a in alternatives if a is not None))
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT) or (
            hasattr(c, "POSSESSIVE_REPEAT") and op is c.POSSESSIVE_REPEAT
        ):
            low, _high, pattern = av
            if low >= 1:
                sub = _need(pattern, icase, c)
        if sub is not None and sub and all(sub):
            options.append(sub)
    flush()
    return _best(options)


def necessary_literals(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Literals (lowered for a case-insensitive pattern) one of which is inside every match of
    ``pattern``; None when the parse tree gives no useful set."""
    if pattern.flags & (re.LOCALE | re.ASCII):
        return None
    icase = bool(pattern.flags & re.IGNORECASE)
    parser, constants = _sre()
    try:
        tree = parser.parse(pattern.pattern, pattern.flags)
    except (re.error, AttributeError, TypeError, ValueError):  # pragma: no cover - other Pythons
        return None
    need = _need(tree, icase, constants)
    if need is not None:  # a literal containing another is found whenever the shorter one is
        need = frozenset(a for a in need if not any(b != a and b in a for b in need))
    if need is None or len(need) > _MAX_LITERALS:
        return None
    if icase and min(map(len, need)) < _MIN_USEFUL_LENGTH:
        return None
    return need


_CASELESS = frozenset(
    "\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2248\u2705\u2713\u2714"
)
"""Non-ASCII characters the patterns name that have no case: matched case-insensitively, each
matches only itself, and no character lowers into one (tests/verify/test_prefilter.py)."""


def _lower_safe(items: Any, c: Any) -> bool:
    """The parsed pattern tests no uppercase or non-ASCII character (but :data:`_CASELESS`), no
    back-reference and no
    inline flag: matched case-insensitively on a text it decides at every step exactly as it
    does case-sensitively on :func:`lowered` text. Its tests are ASCII literals and sets (a
    character matches one case-insensitively iff its lowered copy equals it), ``\\w \\s \\d``,
    ``.``, boundaries and anchors (every character's lowered copy is in the same classes);
    tests/verify/test_prefilter.py checks both facts over all of Unicode."""
    for op, av in items:
        if op in (c.LITERAL, c.NOT_LITERAL):
            if (av >= 128 and chr(av) not in _CASELESS) or 65 <= av <= 90:
                return False
        elif op is c.IN:
            for iop, iav in av:
                if iop in (c.LITERAL, c.NOT_LITERAL) and (
                    (iav >= 128 and chr(iav) not in _CASELESS) or 65 <= iav <= 90
                ):
                    return False
                if iop is c.RANGE and (iav[1] >= 128 or (iav[0] <= 90 and iav[1] >= 65)):
                    return False
                if iop not in (c.LITERAL, c.NOT_LITERAL, c.RANGE, c.NEGATE, c.CATEGORY):
                    return False
        elif op is c.SUBPATTERN:
            if av[1] or av[2] or not _lower_safe(av[3], c):
                return False
        elif op is c.BRANCH:
            if not all(_lower_safe(p, c) for p in av[1]):
                return False
        elif op in _repeats(c):
            if not _lower_safe(av[2], c):
                return False
        elif op in (c.ASSERT, c.ASSERT_NOT):
            if not _lower_safe(av[1], c):
                return False
        elif op not in (c.AT, c.ANY, c.CATEGORY):
            return False
    return True


def _repeats(c: Any) -> tuple[Any, ...]:
    return tuple(getattr(c, n) for n in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if hasattr(c, n))


def _first_chars(items: Any, parser: Any, c: Any) -> frozenset[str] | None:
    """Characters one of which every match of the parsed sequence starts with (None: any)."""
    items = list(items)
    for idx, (op, av) in enumerate(items):
        if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
            continue  # zero width
        first: frozenset[str] | None
        if op is c.LITERAL:
            first = frozenset(chr(av))
        elif op is c.IN:
            chars: set[str] = set()
            for iop, iav in av:
                if iop is c.LITERAL:
                    chars.add(chr(iav))
                elif iop is c.RANGE and iav[1] - iav[0] < 64:
                    chars.update(map(chr, range(iav[0], iav[1] + 1)))
                else:
                    return None
            first = frozenset(chars)
        elif op is c.SUBPATTERN and not (av[1] or av[2]):
            first = _first_chars(av[3], parser, c)
        elif op is c.BRANCH:
            alternatives = [_first_chars(p, parser, c) for p in av[1]]
            if any(a is None for a in alternatives):
                return None
            first = frozenset().union(*(a for a in alternatives if a is not None))
        elif op in _repeats(c):
            first = _first_chars(av[2], parser, c)
        else:
            return None
        if first is None:
            return None
        if parser.SubPattern(items_state(items, parser), [(op, av)]).getwidth()[0] == 0:
            rest = _first_chars(items[idx + 1 :], parser, c)  # it may match nothing
            return None if rest is None else first | rest
        return first
    return None


def items_state(items: Any, parser: Any) -> Any:
    return getattr(items, "state", None) or parser.State()


def _plain_ascii(pattern: re.Pattern[str]) -> bool:
    """Whether the pattern's source names no non-ASCII character (nor an escape that could)."""
    source = pattern.pattern
    return source.isascii() and "\\u" not in source and "\\N" not in source and (
        "\\U" not in source and re.search(r"\\x[89a-fA-F]", source) is None
    )


def min_width(pattern: re.Pattern[str]) -> int:
    """The fewest characters a match of ``pattern`` can span (0 when that is not known)."""
    parser, _ = _sre()
    try:
        return int(parser.parse(pattern.pattern, pattern.flags).getwidth()[0])
    except (re.error, AttributeError, TypeError, ValueError):  # pragma: no cover
        return 0


def case_free(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """For a case-insensitive ``pattern``: a case-sensitive pattern that, run on the lowered
    copy of an ASCII text, matches at exactly the same places (see :func:`_lower_safe`), with
    a look-ahead on the possible first characters so the engine skips the others quickly.
    None when that cannot be shown from the parse tree."""
    if not pattern.flags & re.IGNORECASE or pattern.flags & (re.LOCALE | re.ASCII):
        return None
    if pattern.pattern.startswith("(?") and re.match(r"\(\?[a-zA-Z-]+\)", pattern.pattern):
        return None  # inline global flags must stay first
    parser, constants = _sre()
    try:
        tree = parser.parse(pattern.pattern, pattern.flags)
    except (re.error, AttributeError, TypeError, ValueError):  # pragma: no cover
        return None
    if not _lower_safe(tree, constants):
        return None
    try:
        first = _first_chars(tree, parser, constants)
    except (AttributeError, TypeError):  # pragma: no cover - another parser layout
        first = None
    source = pattern.pattern
    if first is not None and len(first) < 40:
        ahead = "".join(re.escape(ch) for ch in sorted(first))
        source = f"(?=[{ahead}])(?:{source})"
    return re.compile(source, pattern.flags & ~re.IGNORECASE)


_DIGITS = "\\d"
"""Stands for every (Unicode) digit in :func:`_run_chars`' character set: no one character."""


def _run_chars(items: Any, c: Any) -> tuple[frozenset[str], bool] | None:
    """The characters every character a match of the parsed (lowered-text) sequence consumes is
    one of: ASCII characters, any digit (``\\d``: :data:`_DIGITS` in the set) and, when the flag
    is set, whitespace (``\\s``). None when the tree has another test (``.``, a negated set,
    ``\\w``, an anchor other than ``\\b``/``\\B``, a look-behind, a back-reference, an inline
    flag) or a look-ahead that :func:`_lookahead_in_run` does not allow."""
    chars: set[str] = set()
    space = False
    for op, av in items:
        if op is c.LITERAL:
            if av >= 128:
                return None
            chars.add(chr(av))
        elif op is c.IN:
            for iop, iav in av:
                if iop is c.LITERAL and iav < 128:
                    chars.add(chr(iav))
                elif iop is c.RANGE and iav[1] < 128:
                    chars.update(map(chr, range(iav[0], iav[1] + 1)))
                elif iop is c.CATEGORY and iav in (c.CATEGORY_SPACE, c.CATEGORY_UNI_SPACE):
                    space = True
                elif iop is c.CATEGORY and iav in (c.CATEGORY_DIGIT, c.CATEGORY_UNI_DIGIT):
                    chars.add(_DIGITS)  # every Unicode digit: the break class excludes \d
                else:
                    return None
        elif op is c.SUBPATTERN or op is c.BRANCH or op in _repeats(c):
            parts = ([av[3]] if op is c.SUBPATTERN else av[1] if op is c.BRANCH else [av[2]])
            if op is c.SUBPATTERN and (av[1] or av[2]):
                return None
            for part in parts:
                sub = _run_chars(part, c)
                if sub is None:
                    return None
                chars.update(sub[0])
                space = space or sub[1]
        elif op is c.AT:
            if av not in (c.AT_BOUNDARY, c.AT_NON_BOUNDARY, c.AT_UNI_BOUNDARY,
                          c.AT_UNI_NON_BOUNDARY):
                return None
        elif op in (c.ASSERT, c.ASSERT_NOT):
            if av[0] != 1:  # a look-behind
                return None
        else:
            return None
    return frozenset(chars), space


def _lookaheads_in_run(items: Any, run: tuple[frozenset[str], bool], c: Any) -> bool:
    """Every look-ahead in the tree reads no further than the first character outside ``run``
    after its position: all its items but the last consume only ``run`` characters (so they
    stop at that character at the latest) and the last one is a single character."""
    for op, av in items:
        if op in (c.ASSERT, c.ASSERT_NOT):
            body = list(av[1])
            for item in body[:-1]:
                sub = _run_chars([item], c)
                if sub is None or not sub[0] <= run[0] or (sub[1] and not run[1]):
                    return False
            if body and body[-1][0] not in (c.LITERAL, c.NOT_LITERAL, c.IN):
                return False
            if any(op2 in (c.ASSERT, c.ASSERT_NOT) for op2, _ in body):
                return False
        else:
            parts = ([av[3]] if op is c.SUBPATTERN else av[1] if op is c.BRANCH
                     else [av[2]] if op in _repeats(c) else [])
            if not all(_lookaheads_in_run(part, run, c) for part in parts):
                return False
    return True


def run_class(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """For a case-insensitive pattern with a :func:`case_free` copy: a pattern matching one
    character outside the set every match (of the copy, on lowered text) consumes, when the
    parse tree shows that set and that the pattern reads at most one character outside the
    span it consumes on either side (``\\b``, a look-ahead ending in one character). Then
    every match lies inside one maximal stretch of set characters, and searching one stretch
    ``[r0, r1)`` with ``pos=r0, endpos=r1 + 1`` finds exactly the matches lying in it (every
    character the engine reads lies in ``[r0 - 1, r1]``; before ``pos`` it reads the text).
    None when that cannot be shown."""
    if not pattern.flags & re.IGNORECASE or pattern.flags & (re.LOCALE | re.ASCII):
        return None
    parser, constants = _sre()
    try:
        tree = parser.parse(pattern.pattern, pattern.flags)
    except (re.error, AttributeError, TypeError, ValueError):  # pragma: no cover
        return None
    try:
        run = _run_chars(tree, constants)
    except AttributeError:  # pragma: no cover - another parser layout
        return None
    if run is None or not _lookaheads_in_run(tree, run, constants):
        return None
    chars = "".join(re.escape(ch) for ch in sorted(run[0]) if ch != _DIGITS)
    space = r"\s" if run[1] else ""
    digits = r"\d" if _DIGITS in run[0] else ""
    return re.compile(f"[^{chars}{space}{digits}]")


_SENTENCE_BLANK_RE = re.compile(r"[.!?\u2705\u2713\u2714](?:\*\*)?(?=[ \t])")
"""Where a sentence-start search (:meth:`Guarded.search_line_starts`) may start: after it (a
check mark too: "**Answer: 6** \u2705 Self-check: ...", ``reference-claim-after-own-anchor``)."""


class _Lowered:
    """The lowered (case-folded as the engine does) copies of the last short text and the last
    long one asked for: the rules alternate between a whole region and short windows of it."""

    last: tuple[str, str] = ("", "")
    last_long: tuple[str, str] = ("", "")


_LONG_TEXT = 256
"""Texts at least this long are remembered in their own slot (:class:`_Lowered`)."""


def lowered(text: str) -> str:
    """``text`` lowered so that an ASCII literal matching case-insensitively in ``text`` occurs,
    at the same offsets, in the copy (see the module docstring). Cached for the last short and
    the last long text (by identity)."""
    last = _Lowered.last
    if last[0] is text:
        return last[1]
    last = _Lowered.last_long
    if last[0] is text:
        return last[1]
    low = fold_lower(text)
    if len(text) >= _LONG_TEXT:
        _Lowered.last_long = (text, low)
    else:
        _Lowered.last = (text, low)
    return low


_ASCII_RUNS_RE = re.compile(r"[\x00-\x7f]+")


class _Rare:
    """The last text asked for by :func:`rare_chars` and its answer (by identity)."""

    last: tuple[str, str] = ("", "")


def rare_chars(text: str) -> str:
    """The distinct non-ASCII characters of ``text``, as one short string (empty for an ASCII
    text). A character-class test on it answers "does ``text`` hold one of these characters?"
    with one pass over ``text`` for all such tests: a class search over a long non-ASCII text
    costs about 3 ns a character, the ASCII runs are dropped about 1.3 ns a character.
    Cached for the last text (by identity)."""
    if text.isascii():
        return ""
    last = _Rare.last
    if last[0] is text:
        return last[1]
    found = "".join(sorted(set(_ASCII_RUNS_RE.sub("", text))))
    _Rare.last = (text, found)
    return found


def fold_lower(text: str) -> str:
    """:func:`lowered` without its cache (for a text used once: a cached one would push out
    the region the rules keep asking for)."""
    low = text
    if not text.isascii():
        for special, letter in _FOLD.items():
            if special in low:
                low = low.replace(special, letter)
    return low.lower()


_PLAN_FROM_CHARS = 512
"""Texts at least this long get the probe plan (:func:`_probe_plan`) for the whole-text check."""
_LETTER_RANK = "zqjxkvbpygfwmucldrhsnioate"  # English letters, rarest first
_RARER = _LETTER_RANK[:10]  # a shared probe holds one of these (not "tion": too common a pass)


def _probe_plan(literals: tuple[str, ...]) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The whole-text check of ``literals`` as ``(gate, probe, members)`` steps: the literals
    are present when, for some step, ``gate`` and ``probe`` are and (no members) the probe is a
    literal itself or one of its members is. Each probe is a substring of each of its members
    and the gate a character of the probe, so a text without either has none of them:
    literals sharing a substring of four or more characters, one of them a rarer letter, are
    found with one pass for all of them ("grad" for "grader" and "grading"; greedily, most
    shared and longest first), and
    each probe is looked for only where its rarest letter is (a ``memchr`` pass, ~30x cheaper
    than a substring pass, that often finds no "j" or "k"). The same answer as a pass per
    literal."""
    left = list(literals)
    steps: list[tuple[str, tuple[str, ...]]] = []
    while True:
        counts: dict[str, int] = {}
        for lit in left:
            for sub in {lit[i:j] for i in range(len(lit)) for j in range(i + 4, len(lit) + 1)}:
                counts[sub] = counts.get(sub, 0) + 1
        shared = [sub for sub, n in counts.items() if n >= 2 and any(c in _RARER for c in sub)]
        if not shared:
            break
        best = max(shared, key=lambda sub: (counts[sub], len(sub), sub))
        steps.append((best, tuple(lit for lit in left if best in lit)))
        left = [lit for lit in left if best not in lit]
    steps += [(lit, ()) for lit in left]
    return tuple(
        (min(probe, key=lambda ch: _LETTER_RANK.find(ch) % 99), probe, members)
        for probe, members in steps
    )


def trie_pattern(words: list[str]) -> str:
    """One regular expression matching any of ``words`` (a prefix tree: one pass, few tries)."""
    tree: dict[str, dict] = {}  # type: ignore[type-arg]
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:  # type: ignore[type-arg]
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(tree)


class GuardedAny:
    """Several :class:`Guarded` patterns searched as one (a word list too long for one guard's
    literal cap, split in two): ``search`` gives the earliest match of any of them."""

    __slots__ = ("guards", "icase", "literals")

    def __init__(self, *guards: Guarded) -> None:
        self.guards = guards
        self.icase = all(g.icase for g in guards)
        literals: set[str] = set()
        for g in guards:
            if g.literals is None:
                self.literals: tuple[str, ...] | None = None
                break
            literals.update(g.literals)
        else:
            self.literals = tuple(sorted(literals, key=len))

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        best: re.Match[str] | None = None
        for guard in self.guards:
            found = guard.search(text, pos, endpos)
            if found is not None and (best is None or found.start() < best.start()):
                best = found
        return best

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """Every guard's matches, by start (each guard's own are non-overlapping)."""
        found = [m for g in self.guards for m in g.finditer(text, pos, endpos)]
        return iter(sorted(found, key=lambda m: m.start()))


class Guarded:
    """A compiled pattern that runs only when one of its necessary literals is present."""

    __slots__ = (
        "any_literal", "breaks", "fast", "icase", "last_break", "literals", "nonempty",
        "pattern", "plan", "shortest",
    )

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.icase = bool(pattern.flags & re.IGNORECASE)
        literals = necessary_literals(pattern)
        self.literals = None if literals is None else tuple(sorted(literals, key=len))
        self.shortest = len(self.literals[0]) if self.literals else 0
        self.plan = _probe_plan(self.literals) if self.literals else ()
        self.fast = case_free(pattern)
        self.nonempty = min_width(pattern) > 0  # (finditer may then run as searches)
        self.breaks = (  # (not for a pattern naming a non-ASCII character: _CASELESS)
            run_class(pattern) if self.fast is not None and literals and _plain_ascii(pattern)
            else None
        )
        self.last_break = (  # matched on [pos, endpos): ends just after the last break there
            None if self.breaks is None else re.compile("(?s:.*)" + self.breaks.pattern)
        )
        self.any_literal = (  # one search for all the literals, on a short range
            None if not self.literals else re.compile("|".join(map(re.escape, self.literals)))
        )

    def _first_in_runs(self, hay: str, pos: int, endpos: int) -> re.Match[str] | None:
        """``self.fast.search(hay, pos, endpos)``, run only on the stretches (see
        :func:`run_class`) that hold one of the literals: every match lies inside one stretch
        and contains a literal, so the first stretch with a match holds the first match. Each
        character is read a bounded number of times (one ``find`` pass per literal, each
        stretch once)."""
        assert self.fast is not None and self.breaks is not None and self.literals is not None
        assert self.last_break is not None
        end = min(endpos, len(hay))
        # each literal's next occurrence (a heap of (offset, literal); a literal is dropped when
        # it occurs no more): the first one at or after cur is on top once those before cur
        # are moved on, each with one find (a step costs its own finds, not one per literal)
        heap = [(k, lit) for lit in self.literals if (k := hay.find(lit, pos, end)) >= 0]
        heapq.heapify(heap)
        cur = pos
        while True:
            while heap and heap[0][0] < cur:
                lit = heap[0][1]
                k = hay.find(lit, cur, end)
                if k < 0:
                    heapq.heappop(heap)
                else:
                    heapq.heapreplace(heap, (k, lit))
            if not heap:
                return None
            at = heap[0][0]
            stop = self.breaks.search(hay, at)
            r1 = stop.start() if stop is not None else len(hay)
            before = self.last_break.match(hay, cur, at)  # the stretch starts after it
            r0 = before.end() if before is not None else cur
            found = self.fast.search(hay, r0, min(endpos, r1 + 1))
            if found is not None or stop is None:
                return found
            cur = r1 + 1

    def _present(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> bool:
        """False only when the pattern cannot match inside ``text[pos:endpos]``. Plain loops,
        not ``any()`` over a generator: on a short text the generator cost as much as the
        finds."""
        literals = self.literals
        if literals is None or not ENABLED:
            return True
        end = endpos  # the range's real end (a negative pos counts from the end for find)
        if pos >= 0:
            if endpos > len(text):
                end = len(text)
            if end - pos < self.shortest:
                return False  # no literal fits in the range (often: the few characters after a box)
        hay = lowered(text) if self.icase else text
        if pos == 0 and endpos >= len(text):
            if len(hay) >= _PLAN_FROM_CHARS:
                for gate, probe, members in self.plan:
                    if gate in hay and probe in hay:
                        if not members:
                            return True
                        for lit in members:
                            if lit in hay:
                                return True
                return False
            for lit in literals:  # noqa: SIM110  # see the docstring
                if lit in hay:
                    return True
            return False
        if end - pos <= _ONE_SEARCH_CHARS and self.any_literal is not None:
            return self.any_literal.search(hay, pos, endpos) is not None
        for lit in literals:  # noqa: SIM110  # see the docstring
            if hay.find(lit, pos, endpos) >= 0:
                return True
        return False

    may_match = _present

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        if (self.breaks is not None and ENABLED and RUNS
                and min(endpos, len(text)) - pos > _RUNS_FROM_CHARS):
            found = self._first_in_runs(lowered(text), pos, endpos)  # guards as _present does
            return None if found is None else self._match_from(text, found.start(), pos, endpos)
        if not self._present(text, pos, endpos):
            return None
        if self.fast is not None and ENABLED:
            # where the case-free pattern first matches the lowered text, the pattern first
            # matches the text; matching there gives the very match search would return
            found = self.fast.search(lowered(text), pos, endpos)
            return None if found is None else self._match_from(text, found.start(), pos, endpos)
        return self.pattern.search(text, pos, endpos)

    def search_line_starts(self, text: str) -> re.Match[str] | None:
        """``self.pattern.search(text)`` for a pattern that can start matching only at a line
        start or at the blank after a sentence end (``.``/``!``/``?``, maybe then ``**``), and
        whose every match holds one of its literals on its first line, after its start (as
        ``(?:^|(?<=[.!?])[ \t]+)...`` openers do): tried at those starts of the lines that hold
        a literal, in order, not at every offset (such a search costs ~50 ns a character)."""
        literals = self.literals
        if literals is None or not self.icase or not ENABLED:
            return self.pattern.search(text)
        low = lowered(text)
        last_in_line: dict[int, int] = {}  # line start -> the last literal offset on it
        for lit in literals:
            k = low.find(lit)
            while k >= 0:
                line = low.rfind("\n", 0, k) + 1
                if last_in_line.get(line, -1) < k:
                    last_in_line[line] = k
                k = low.find(lit, k + 1)
        match = self.pattern.match
        for line in sorted(last_in_line):
            found = match(text, line)
            if found is not None:
                return found
            for blank in _SENTENCE_BLANK_RE.finditer(text, line, last_in_line[line] + 1):
                found = match(text, blank.end())
                if found is not None:
                    return found
        return None

    def _match_from(
        self, text: str, start: int, pos: int, endpos: int
    ) -> re.Match[str] | None:
        """The search's match when no match can start before ``start``: the match there, else
        a plain search (the guard's start is a lower bound, not always the match)."""
        at = self.pattern.match(text, start, endpos)
        return at if at is not None else self.pattern.search(text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        # Not guarded: an anchored match fails at once, a guard would read the whole text.
        return self.pattern.match(text, pos, endpos)

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        if not self._present(text, pos, endpos):
            return iter(())
        if self.fast is not None and ENABLED and self.nonempty:
            return self._searches(text, pos, endpos)
        return self.pattern.finditer(text, pos, endpos)

    def _searches(self, text: str, pos: int, endpos: int) -> Iterator[re.Match[str]]:
        """``self.pattern.finditer``'s matches, each found as :meth:`search` finds it, from the
        end of the one before (the case-free search on the lowered text, then the pattern's
        match there: an ``IGNORECASE`` scan of a long text costs several times as much). The
        same matches: finditer's next match is the first one from where the last ended, and no
        match is empty (``nonempty``)."""
        assert self.fast is not None
        low, fast, match = lowered(text), self.fast.search, self.pattern.match
        while True:
            lead = fast(low, pos, endpos)
            if lead is None:
                return
            found = match(text, lead.start(), endpos) or self.pattern.search(text, pos, endpos)
            if found is None:  # pragma: no cover - the case-free match starts a match
                return
            yield found
            pos = found.end()

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str) -> str:
        if not self._present(text, 0, sys.maxsize):
            return text
        return self.pattern.sub(repl, text)
