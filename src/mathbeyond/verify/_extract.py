"""Find the final committed answer in a completion.

Policy: the last answer the model commits to for *this* question wins. A continuation ends the
answer region: a new chat turn or prompt template (``User:``, ``[INST]``, ``### Instruction``,
an echoed system prompt) anywhere, and a next few-shot problem (``Problem:``, ``Question 2.``,
``## Problem``, ``Example 3.``) after a committed value or when it opens a new ``Solution``;
nothing after that point counts, so a completion with no answer before it has none. Boxes that
are not answers are skipped when an earlier committed answer exists: sanity checks on another
instance, hypotheticals and comparisons, numeric restatements of an exact answer, a restated
problem; negated, disowned or attributed ("the user says") answers never count. With ``<think>``
blocks the part after ``</think>`` wins; an unclosed think block (truncated output) yields no
answer. Identical repeated boxes are one commitment; a factorisation box inside a check line after
the answer is not one. Without a box or an anchor (``Answer:``, ``# Answer`` heading, HTML-wrapped
labels), the closing sentence gives the answer: its one bold value, the value after its copula or
``has``, or its one value ("So we get 9."); a negated or doubtful sentence gives none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_CANDIDATES = 64
MAX_ANSWER_CHARS = 2000
MAX_BARE_CHARS = 300
LINE_WINDOW = 400
SPAM_GAP_CHARS = 60

_BOX_RE = re.compile(r"\\(?:boxed|fbox|framebox)\s*")
_BRACE_TOKEN_RE = re.compile(r"\\.|[{}]", re.S)
_ANCHOR_TAIL_RE = re.compile(
    r"(?:\s+(?:to|for|of)\s+[^.\n:=$]{1,60}?)?"  # "the answer to the problem / for part (a)"
    r"\s*(?:\*\*)?\s*(?:is|:|=|(?:would|will|should|must)\s+be)\s*(?::)?\s*(?:\*\*)?[ \t]*",
    re.IGNORECASE,
)
_ANCHOR_ADVERB_RE = re.compile(  # "the answer is simply 42", "... is clearly $42$"
    r"(?:(?:simply|clearly|indeed|definitely|actually|just|obviously|certainly|really|exactly|"
    r"precisely|still|now|then|also|therefore|thus|in\s+fact|of\s+course)\b,?[ \t]+)+",
    re.IGNORECASE,
)
_ANCHOR_TRAIL_RE = re.compile(  # "42, as expected", "42 (since 6*7=42)", "42, which is ..."
    r"(?:,[ \t]*(?:as|which|where|since|because|given|so|matching|confirming|i\.e|that\s+is|"
    r"and\s+(?:this|that|it))"
    r"|[ \t]+\((?:since|because|as|from|by|which|i\.e|e\.g|that|this)|[ \t]+(?:because|since)"
    r"|[ \t]+[—–][ \t]+(?=[a-z]))"
    r"\b.*$",
    re.IGNORECASE | re.S,
)
_EMPTY_BOX_RE = re.compile(r"\\boxed\s*\{\s*\}")
_TEXT_WRAP_RE = re.compile(r"\s*\\text\{([^{}]*)\}\s*")
_HEADER_TAIL_RE = re.compile(r"[ \t]*(?:\*\*|__)?[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*(?=\n)")
_HEADING_PREFIX_RE = re.compile(r"[ \t]*(?:#{1,4}[ \t]*(?:\*\*|__)?|\*\*|__)?[ \t]*")
_CJK_ANCHOR_RE = re.compile(r"答案\s*(?:是|为|：|:)\s*")
_SPAM_GAP_RE = re.compile(
    r"(?:[\s,;$.&*#\-]|\\[()\[\]]|\\quad|\band\b|\bor\b|(?i:\b(?:final\s+)?answer\b|\bfinal\b)|:)*"
)
_HTML_PAIR_RE = re.compile(  # <b>Answer:</b> 7: inline HTML markup around text
    r"<(b|strong|i|em|u|span|p|h[1-6])(?:\s[^<>]{0,200})?>([^<>]{0,2000}?)</\1\s*>", re.I
)
_QUOTE_LINE_RE = re.compile(r"^[ \t]*>", re.M)
_TURN_RE = re.compile(  # a new chat turn or prompt template: always ends this answer
    r"\n[ \t#*]*(?:Human|User)\s*:|<\|im_end\|>|<\|endoftext\|>|<\|im_start\|>|<\|eot_id\|>|"
    r"<｜end▁of▁sentence｜>|<\|user\|>|\[INST\]|\n[ \t]*#{2,4}[ \t]*(?:Instruction|Input)\b|"
    r"\n[ \t]*You\s+are\s+(?:a|an)\s+(?:[\w-]+\s+){0,3}(?:assistant|AI|model)\b",
)
_LEAD_TURN_RE = re.compile(  # the completion opens with a fake user turn
    r"\s*(?:(?:Human|User)\s*:|\[INST\]|#{2,4}[ \t]*Instruction\b)"
)
_ASSISTANT_TURN_RE = re.compile(
    r"\n[ \t#*]*(?:Assistant|AI|Bot)\s*:|\[/INST\]|\n[ \t]*#{2,4}[ \t]*Response\b:?"
)
_NEXT_PROBLEM_RE = re.compile(  # a hallucinated next problem (few-shot continuation)
    r"\n[ \t#*>]*(?:Problem(?:\s*\d+)?|Question(?:\s*\d+)?|Q\d*|Exercise\s*\d+|Example\s*\d+)"
    r"[ \t]*(?:\*\*)?[ \t]*(?:[:.)]|\n|$)"
)
_RESTATE_RE = re.compile(
    r"\b(?:problem|question|task|prompt)\s+(?:says|states|asks|reads|is)\s*:|\bwe\s+are\s+asked\s+to\b",
    re.IGNORECASE,
)
_SOLUTION_RE = re.compile(r"\n[ \t#*>]*(?:Solution|Answer|Response)\b")
_VALUE_RE = re.compile(r"[\d\\$^=()]")
_CHECK_RE = re.compile(r"\b(?:check|verif|satisf|sanity|confirm|plug(?:ging)?\s+(?:back|in))",
                       re.IGNORECASE)
_FACTORED_RE = re.compile(  # 2^2\cdot 3^2, 2 \times 3 \times 5: an integer factorisation
    r"(?:\d+(?:\^\{?\d+\}?)?\s*(?:\\cdot|\\times|\*)\s*)+\d+(?:\^\{?\d+\}?)?"
)
_CHECK_INTRO_RE = re.compile(  # a sentence that checks an answer already given
    r"\b(?:check|verif|confirm|sanity|as\s+a\s+check|double[-\s]check|"
    r"(?:substitut|plug)\w*\b[^.!?]{0,40}?\b(?:back|original))",
    re.IGNORECASE,
)
_EVAL_LHS_RE = re.compile(  # "$2x + 1 = ": the box ends an equation evaluating an expression
    r"(?:\$|\\\(|\\\[)(?P<lhs>[^$=]*?[\d+\-*/^\\][^$=]*?)=\s*$"
)
_SATISFY_RE = re.compile(r"\bsatisf|✓|\\checkmark", re.IGNORECASE)
_HYPOTHETICAL_RE = re.compile(
    r"\b(?:if\s+instead|suppose\s+instead|if\s+the\s+(?:problem|question)\s+(?:had|were|was|asked)|"
    r"had\s+the\s+problem|what\s+if|for\s+example|e\.g\.|for\s+instance|hypothetical)",
    re.IGNORECASE,
)
_STRONG_HYPOTHETICAL_RE = re.compile(
    r"\b(?:if\s+instead|suppose\s+instead|if\s+the\s+(?:problem|question)\s+(?:had|were|was|asked)|"
    r"had\s+the\s+problem|what\s+if|hypothetical(?:ly)?)\b",
    re.IGNORECASE,
)
_JUDGEMENT_RE = re.compile(  # "the answer is correct." is a verdict, not an answer
    r"(?:correct|right|wrong|incorrect|confirmed|verified|consistent|indeed|reasonable|valid|"
    r"the\s+same|as\s+(?:above|before|expected)|below)\b[\s.,;:!)]*(?:$|since|because|as\b|and\b)",
    re.IGNORECASE,
)
_LEAD_RE = re.compile(  # "the answer is given by 12": keep what follows the lead phrase
    r"(?:given\s+by|obtained\s+as|found\s+to\s+be|shown\s+below|as\s+follows|therefore|thus)"
    r"\s*:?\s*",
    re.IGNORECASE,
)
_CONNECTOR_RE = re.compile(
    r"(?:[\s,;$.&]|\\[()\[\]]|\\quad|\\text\{\s*(?:and|or)\s*\}|and|or|\\,|"
    r"[a-zA-Z](?:_\{?\w{1,3}\}?)?\s*=|maybe|possibly|perhaps|alternatively|either|it\s+could\s+be|"
    r"could\s+be|might\s+be)*"
)
_MATH_JOIN_RE = re.compile(r"[ \t]*(?:,|;|\band\b|\bor\b)[ \t]*(?:(?:and|or)[ \t]+)?")
_CONCLUSION_RE = re.compile(
    r"\W*(?:so|therefore|thus|hence|finally|in\s+conclusion|consequently)\b", re.IGNORECASE
)
_MATH_SEG_RE = re.compile(r"\\\((.+?)\\\)|\$([^$]+)\$")
_STATEMENT_RE = re.compile(  # a closing statement "The remainder is 2."
    r"\W*(?:the|our|my|its|this)\b[^.\n=$\\]{0,120}?\b(?:is|are|equals)\b", re.IGNORECASE
)
_REASON_CLAUSE_RE = re.compile(
    r",?\s+(?:because|since|as|which|where|given\s+that)\b(?![^$]*\$[^$]*$).*$", re.IGNORECASE
)
_CONCLUSION_VERB_RE = re.compile(r"\b(?:is|are|equals)\b|=|:", re.IGNORECASE)
_BOLD_LINE_RE = re.compile(r"^\s*\*\*(?P<ans>[^*\n]{1,200})\*\*\s*\.?\s*$")
_SENTENCE_VERB_RE = re.compile(r"\b(?:is|are|equals|was|be|has|have|gives|get)\b|=")
_RETRACT_RE = re.compile(  # a retraction: the answer before it no longer stands
    r"\b(?:wait|correction|oops|i\s+made\s+an?\s+(?:mistake|error)|"
    r"(?:i\s+)?mis(?:calculated|counted|read)|"
    r"(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:wrong|incorrect|not\s+(?:right|correct)))\b",
    re.IGNORECASE,
)
_REVISE_RE = re.compile(  # softer: marks a later, different answer as a revision
    r"\b(?:hmm|actually|let\s+me\s+(?:re-?check|re-?compute|re-?calculate|re-?do|re-?examine|"
    r"double[-\s]check|check\s+again))\b",
    re.IGNORECASE,
)
_SIDE_RE = re.compile(  # a box in a side remark: a hypothetical or a comparison
    r"\b(?:for|by)\s+comparison|\bif\b[^.\n]{0,120}?\b(?:were|had\s+been)\b|"
    r"\bin\s+general\b|\bgenerali[sz]",
    re.IGNORECASE,
)
_APPROX_RE = re.compile(r"\\approx|≈|\bapproximately\b|\bnumerical(?:ly)?\b", re.IGNORECASE)
_ROUNDING_ASKED_RE = re.compile(
    r"\bround|\bnearest\b|\bdecimal|\bapproximat|\bsignificant\s+(?:digits|figures)",
    re.IGNORECASE,
)
_ATTRIB_RE = re.compile(
    r"\b(?:user|gold(?:\s+answer)?|reference(?:\s+answer|\s+solution)?|expected\s+answer|"
    r"official\s+answer|given\s+answer|provided\s+answer|answer\s+key|(?:text)?book|teacher|"
    r"grader)\s+(?:says?|said|claims?|claimed|thinks?|suggests?|expects?|wants?|gives?|gave|"
    r"states?|is|was)\b",
    re.IGNORECASE,
)
_DISOWN_RE = re.compile(  # "\\boxed{42} is wrong", "Answer: 42 is incorrect"
    r"[\s$).\\]*(?:is|was)\s+(?:wrong|incorrect|not\s+(?:right|correct|the\s+answer))\b",
    re.IGNORECASE,
)
_OTHER_CASE_RE = re.compile(  # another instance, side-remark only inside a check
    r"\b(?:smaller|simpler|special|small|trivial)\s+(?:case|example|instance)|"
    r"\b(?:with|for)\s+(?:\\\(|\$)?\s*[a-zA-Z]\s*=\s*\d|\bwith\s+(?:only\s+)?\d+\s+[a-z]+",
    re.IGNORECASE,
)
_NEGATED_RE = re.compile(r"\bnot\s*(?:\$|\\\(|\\\[)?\s*$", re.IGNORECASE)
_CONFIRM_RE = re.compile(  # "the correct count is higher" confirms nothing
    r"\b(?<!the\s)(?:yes|correct|confirm|confirmed|confirms|indeed|holds|checks\s+out|consistent|"
    r"same|still|verified|right)\b",
    re.IGNORECASE,
)
_INTRO_RE = re.compile(
    r"\b(?:so|therefore|thus|hence|finally|final|result|answer|conclusion)\b", re.IGNORECASE
)
_DANGLING_RE = re.compile(
    r"\b(?:and|then|the|of|to|is|are|which|that|so|but|we|a|an|with|for|by|get|be)\s*[,:]?\s*$",
    re.IGNORECASE,
)
_BOLD_SEG_RE = re.compile(r"\*\*([^*\n]{1,80})\*\*")
_BOLD_IN_LIST_RE = re.compile(
    r"\*\*[^*\n]+\*\*\s*(?:,|;|\bor\b|\band\b)\s*[$\\(]*-?\d"
    r"|\d[$\\)]*\s*(?:,|;|\bor\b|\band\b)\s*\*\*"
)
_CHECK_LABEL_RE = re.compile(  # a "**Verification:**" / "Check:" labelled line
    r"[\s*#_>-]*(?:sanity\s+)?(?:verification|check|checking|verify|verifying)\b[^:\n]{0,30}:",
    re.IGNORECASE,
)
_SOFT_CONFIRM_RE = re.compile(  # "the answer remains 18", "that's fine", "Okay good."
    r"\b(?:remains|stays|stands|unchanged|(?:that|this|it)(?:'s|\s+is)\s+(?:fine|ok(?:ay)?|good)|"
    r"(?:that|this|it)\s+works|makes\s+sense|"
    r"ok(?:ay)?[,!]?\s+good|(?:looks|all)\s+good|good\s*[.!]\s*$)",
    re.IGNORECASE,
)
_CORRECTION_WORD_RE = re.compile(r"\b(?:correct|actual|instead|should|new|revised?|updated?)\b",
                                 re.IGNORECASE)
_SETUP_RE = re.compile(
    r"\W*(?:let|let's|we\s+(?:need|want|must|have\s+to)|to\s+\w+|first|next|now|then|step|"
    r"if|suppose|assume|consider|note|recall)\b",
    re.IGNORECASE,
)
_VERB_NUMBER_RE = re.compile(
    r"\b(?:has|have|had|is|are|was|were|equals|contains?)\s+(?:a\s+total\s+of\s+|exactly\s+|"
    r"only\s+|precisely\s+)?(?:\$|\\\()?\s*(-?\d+(?:\.\d+)?(?:/\d+)?)\s*(?:\$|\\\))?(?![\w.^_/]|\.\d)"
    r"(?!\s*(?:,|;|\bor\b|\band\b|\bto\b|-|\+|\\pm)\s*(?:\$|\\\()?\s*-?\d)"
)
_LABEL_VALUE_RE = re.compile(r"(?:=|:)\s*([^=:]{1,80}?)\s*\.?\s*$")
_COUNTED_WORD_RE = re.compile(
    r"(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty)(?:\s+[a-z]+){1,3}",
    re.IGNORECASE,
)
_NOT_NOUN_RE = re.compile(
    r"\s(?:halves|half|thirds?|quarters?|fourths?|fifths?|sixths?|eighths?|tenths?|hundred|"
    r"thousand|million|billion|percent|of|or|and|to|times|more|less|fewer|plus|minus|point|"
    r"over|squared|cubed|zero|one|two|three|four|five|six|seven|eight|nine|ten)\b",
    re.IGNORECASE,
)
_WORD3_RE = re.compile(r"[A-Za-z]{3,}")
_HAS_VERB_RE = re.compile(r"\b(?:has|have|contains?)\b", re.IGNORECASE)
_TOTAL_OF_RE = re.compile(r"^(?:a\s+total\s+of|in\s+total)\s+", re.IGNORECASE)
_NEG_WORD_RE = re.compile(
    r"\b(?:not|never|cannot|wrong|incorrect|unsure|maybe|perhaps)\b|n't\b|\?", re.IGNORECASE
)
_ADVERB_RE = re.compile(r"^(?:therefore|thus|hence|then|so|also|indeed|exactly)\b,?\s*", re.I)
_ANSWER_NOUN_RE = re.compile(
    r"(?:the|our|my)\s+(?:final\s+|correct\s+)?(?:answer|result|solution|value)", re.IGNORECASE
)
_PLAIN_NUM_RE = re.compile(r"(?<![\w.^_])-?\d+(?:\.\d+)?(?:/\d+)?(?![\w^_]|\.\d)")
_TRUNCATION_END_RE = re.compile(r"[.!$)\]}*]\s*$")  # a finished sentence or math block


@dataclass(frozen=True)
class Extracted:
    text: str
    kind: str  # "boxed" | "anchor" | "conclusion"


@dataclass(frozen=True)
class _Cand:
    start: int
    end: int
    text: str
    kind: str
    skip: bool


def _brace_pairs(s: str, start: int) -> dict[int, int]:
    """Map each ``{`` index at or after ``start`` to the index just after its matching ``}``.

    One linear pass over the brace and backslash characters only.
    """
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for m in _BRACE_TOKEN_RE.finditer(s, start):
        c = m.group(0)
        if c == "{":
            stack.append(m.start())
        elif c == "}" and stack:
            pairs[stack.pop()] = m.end()
    return pairs


def _strip_code_blocks(s: str) -> str:
    out: list[str] = []
    pos = 0
    while True:
        a = s.find("```", pos)
        if a < 0:
            out.append(s[pos:])
            break
        b = s.find("```", a + 3)
        out.append(s[pos:a])
        if b < 0:
            break
        out.append("\n")
        pos = b + 3
    return "".join(out)


def _region(completion: str) -> str | None:
    close = completion.rfind("</think>")
    if close >= 0:
        after = completion[close + len("</think>") :]
        if "<think>" in after:
            return None  # a new think block was opened and never closed
        if after.strip():
            return after
        # nothing after the think block: its own final answer is the commitment
        inner = completion[:close]
        opened = inner.find("<think>")
        return inner[opened + len("<think>") :] if opened >= 0 else inner
    if "<think>" in completion:
        return None  # unclosed think block: truncated output, be strict
    return completion


def _line_of(s: str, start: int, end: int) -> str:
    lo = max(0, start - LINE_WINDOW)
    a = s.rfind("\n", lo, start) + 1 or lo
    b = s.find("\n", end, end + LINE_WINDOW)
    return s[max(a, lo) : b if b >= 0 else min(len(s), end + LINE_WINDOW)]


def _boxes(s: str) -> list[_Cand]:
    cands: list[_Cand] = []
    pairs: dict[int, int] | None = None
    for m in list(_BOX_RE.finditer(s))[-MAX_CANDIDATES:]:
        i = m.end()
        if i < len(s) and s[i] == "{":
            if pairs is None:
                pairs = _brace_pairs(s, i)
            j = pairs.get(i, -1)
            if j < 0:
                continue
            content = s[i + 1 : j - 1]
        else:  # \boxed 5
            k = i
            while k < len(s) and not s[k].isspace() and s[k] not in "$.,;\\":
                k += 1
            if k == i:
                continue
            content, j = s[i:k], k
        if content.strip() and not _NEGATED_RE.search(s, max(0, m.start() - 12), m.start()):
            cands.append(_Cand(m.start(), j, content, "boxed", False))
    return cands[-MAX_CANDIDATES:]


def _anchor_text(s: str, i: int) -> tuple[str, int]:
    """Answer text after an anchor phrase at ``i``: a math segment or the rest of the line."""
    rest = s[i : i + MAX_ANSWER_CHARS]
    stripped = rest.lstrip(" \t")
    off = len(rest) - len(stripped)
    if not stripped.strip():
        return "", i
    if stripped.startswith("\n"):
        # "**Final Answer**\n\n 42": take the next non-empty line
        nxt = stripped.lstrip()
        off = len(rest) - len(nxt)
        stripped = nxt
    for open_, close in (("$$", "$$"), ("\\[", "\\]"), ("$", "$"), ("\\(", "\\)")):
        if stripped.startswith(open_):
            parts: list[str] = []
            pos = 0
            while stripped.startswith(open_, pos):
                k = stripped.find(close, pos + len(open_))
                if k < 0:
                    break
                parts.append(stripped[pos + len(open_) : k])
                pos = k + len(close)
                m = _MATH_JOIN_RE.match(stripped, pos)
                if m is None or not stripped.startswith(open_, m.end()):
                    break
                pos = m.end()
            if parts:
                return ", ".join(parts), i + off + pos
    line_end = stripped.find("\n")
    line = stripped if line_end < 0 else stripped[:line_end]
    # end of sentence: ". " / "." at end (not a decimal point)
    m = re.search(r"\.(?=\s|$)(?<!\d\.)|\.(?=\s+[A-Z])", line)
    if m:
        line = line[: m.start()]
    return line, i + off + len(line)


def _anchors(s: str, question: str | None = None) -> list[_Cand]:
    """'Answer: X', 'The final answer is X', '**Answer:** X' (case-insensitive)."""
    cands: list[_Cand] = []
    low = s.lower()
    for word in ("answer", "correct option", "correct choice"):
        _find_anchor_word(s, low, word, cands, question)
    for m in _CJK_ANCHOR_RE.finditer(s):  # 答案是 12 / 最终答案：12
        text, end = _anchor_text(s, m.end())
        text = text.strip().strip("*").strip().rstrip("。").strip()
        if text:
            cands.append(_Cand(m.start(), end, text, "anchor", False))
    cands.sort(key=lambda c: c.start)
    return cands[-MAX_CANDIDATES:]


def _find_anchor_word(
    s: str, low: str, word: str, cands: list[_Cand], question: str | None
) -> None:
    pos = low.find(word)
    while pos >= 0:
        after = pos + len(word)
        word_start = pos == 0 or not low[pos - 1].isalnum()
        m = _ANCHOR_TAIL_RE.match(s, after) if word_start else None
        if m is None and word_start and word == "answer" and _heading_prefix(low, pos):
            m = _HEADER_TAIL_RE.match(s, after)  # "**Final Answer**" / "# Answer" on its own line
        if m is not None:
            adverb = _ANCHOR_ADVERB_RE.match(s, m.end())
            text, end = _anchor_text(s, adverb.end() if adverb else m.end())
            text = text.strip().strip("*").strip()
            trimmed = _ANCHOR_TRAIL_RE.sub("", text).strip()
            text = trimmed or text
            lead = _LEAD_RE.match(text)
            if lead:
                text = text[lead.end() :].strip()
            if (
                text
                and not _JUDGEMENT_RE.match(text)
                and not _DISOWN_RE.search(text)  # "Answer\n9 is wrong"
                and not _quoted(s, pos, end, question)
            ):
                cands.append(_Cand(pos, end, text, "anchor", False))
        pos = low.find(word, after)


def _heading_prefix(low: str, pos: int) -> bool:
    """'Answer' is a heading: only 'final' or markdown/bold markers before it on its line."""
    line_start = low.rfind("\n", max(0, pos - LINE_WINDOW), pos) + 1
    prefix = low[line_start:pos]
    return low.endswith("final ", 0, pos) or bool(_HEADING_PREFIX_RE.fullmatch(prefix))


def _quoted(s: str, start: int, end: int, question: str | None) -> bool:
    """An anchor inside quotation marks, or copied from the question text, is not a commitment."""
    line_start = s.rfind("\n", max(0, start - LINE_WINDOW), start) + 1
    before = s[max(line_start, start - LINE_WINDOW) : start]
    if before.count('"') % 2 == 1 or before.count("“") > before.count("”"):
        return True
    if question:
        phrase = s[start:end].strip()
        return len(phrase) >= 12 and phrase.lower() in question.lower()
    return False


def _flag(s: str, c: _Cand) -> _Cand:
    line = _line_of(s, c.start, c.end)
    window = s[max(0, c.start - LINE_WINDOW) : c.start]
    before = window[window.rfind("\n") + 1 :]
    checkish = "=" in c.text or "\\checkmark" in c.text or bool(_SATISFY_RE.search(line))
    para_start = s.rfind("\n\n", max(0, c.start - LINE_WINDOW), c.start)
    paragraph = s[para_start + 2 if para_start >= 0 else max(0, c.start - LINE_WINDOW) : c.start]
    skip = bool(
        (checkish and _CHECK_RE.search(before))
        or _HYPOTHETICAL_RE.search(before)
        or _STRONG_HYPOTHETICAL_RE.search(paragraph)
        or (c.kind == "boxed" and _inline_check(before))
    )
    if not skip and c.kind == "boxed" and re.fullmatch(r"[\d\s+\-*/^().\\cdottimes]+=[\d\s.]+",
                                                       c.text):
        skip = True  # "\boxed{2\cdot 3 + 1 = 7}": a checked arithmetic fact, not an answer
    if not skip and c.kind == "boxed" and _CHECK_RE.search(before) and _FACTORED_RE.fullmatch(
        c.text.strip()
    ):
        skip = True  # "Verification: ... $\boxed{2^2\cdot 3^2}$ checks": a checked decomposition
    return _Cand(c.start, c.end, c.text, c.kind, skip)


def _inline_check(before: str) -> bool:
    """'Let me verify: $5^2=\\boxed{25}$', 'Substituting back: $2x+1=\\boxed{11}$': a box that
    evaluates an expression in a sentence introduced as a check of the answer before it."""
    cut = max(before.rfind(x) for x in (". ", "! ", "? "))
    sentence = before[cut + 1 :] if cut >= 0 else before
    return bool(_CHECK_INTRO_RE.search(sentence)) and bool(_EVAL_LHS_RE.search(sentence))


def _sentence_answer(text: str) -> str:
    """Reduce 'The height of the cylinder is 5 centimeters' to '5 centimeters'."""
    plain = re.sub(r"\\[A-Za-z]+|\$", " ", text)
    if not re.search(r"[A-Za-z]{3,}\s+[A-Za-z]{3,}", plain):
        return text
    last = None
    for m in _SENTENCE_VERB_RE.finditer(text):
        last = m
    if last is None:  # "Each interior angle measures \\(120^\\circ\\)": its one math segment
        maths = _MATH_SEG_RE.findall(text)
        return next(a or b for a, b in maths[-1:]) if len(maths) == 1 else text
    tail = text[last.end() :].strip().strip("*").strip()
    if tail.startswith(("\\(", "$")):
        tail = tail.strip("$").replace("\\(", "").replace("\\)", "")
    return tail or text


def extract(completion: str, question: str | None = None) -> Extracted | None:
    found = _extract(completion, question)
    if found is None or _EMPTY_BOX_RE.search(found.text):
        return None  # "The answer is $\\boxed{}$": an empty box commits to nothing
    if found.kind == "boxed":
        inner = _TEXT_WRAP_RE.fullmatch(found.text)  # \boxed{\text{The answer is 4}}
        said = _anchors(inner.group(1)) if inner else []
        if said:
            return Extracted(_sentence_answer(said[-1].text), "boxed")
    return found


def _extract(completion: str, question: str | None = None) -> Extracted | None:
    region = _region(completion)
    if region is None:
        return None
    if question and len(question.strip()) >= 20:
        q = question.strip()
        if q in region:
            region = region.replace(q, " ")
    region = _strip_code_blocks(region)
    if "</" in region:
        region = _HTML_PAIR_RE.sub(lambda m: m.group(2), region)
    lead = _LEAD_TURN_RE.match(region)
    if lead is not None:  # a fake dialogue: only the assistant's reply can hold its answer
        reply = _ASSISTANT_TURN_RE.search(region, lead.end())
        if reply is None:
            return None
        region = region[reply.end() :]
    if _QUOTE_LINE_RE.search(region):
        region = "\n".join(ln for ln in region.split("\n") if not ln.lstrip().startswith(">"))
    boxes = _boxes(region)
    boxes = [b for b in boxes if not _restating(region, b.start)]
    anchors = _anchors(region, question)
    # an anchor phrase written inside a box belongs to that box
    anchors = [a for a in anchors if not any(b.start < a.start < b.end for b in boxes)]
    # a continuation (new chat turn, prompt template, next few-shot problem) ends the answer
    cut = _continuation(region, boxes + anchors)
    if cut is not None:
        region = region[:cut]
        boxes = [c for c in boxes if c.end <= cut]
        anchors = [c for c in anchors if c.end <= cut]
    cands = sorted(boxes + anchors, key=lambda c: (c.start, c.kind))
    # drop anchors that merely introduce a box ("The final answer is \boxed{5}")
    cands = [c for c in cands if not (c.kind == "anchor" and "\\boxed" in c.text)]
    # an answer attributed to someone else ("the user says", "the gold answer is") is not one
    cands = [c for c in cands if not _attributed(region, c)]
    if cands:
        chosen_idx = len(cands) - 1
        while chosen_idx > 0 and (
            _flag(region, cands[chosen_idx]).skip
            or _side_note(region, cands[chosen_idx - 1], cands[chosen_idx], question)
        ):
            chosen_idx -= 1
        chosen = cands[chosen_idx]
        if _retracted(region[chosen.end :], chosen.text):
            return None
        spam = _spam_run(region, cands[: chosen_idx + 1])
        if spam is not None:
            return spam
        if chosen.kind == "boxed":
            group = [chosen]
            k = chosen_idx - 1
            while k >= 0 and cands[k].kind == "boxed":
                between = region[cands[k].end : group[0].start]
                if "\n\n" in between or not _CONNECTOR_RE.fullmatch(between):
                    break
                group.insert(0, cands[k])
                k -= 1
            # identical repeated boxes are one commitment
            texts = dict.fromkeys(c.text.strip() for c in group)
            return Extracted(", ".join(texts), "boxed")
        late = _conclusion(region)
        if late is not None and region.rstrip().rfind("\n") >= chosen.end:
            return late  # a stray early "Answer:" label followed by a concluding final line
        return Extracted(_sentence_answer(chosen.text), "anchor")
    return _conclusion(region)


def _restating(region: str, start: int) -> bool:
    """A box inside a restatement of the problem ("The problem says: Compute \\boxed{..}")."""
    line = region[region.rfind("\n", max(0, start - LINE_WINDOW), start) + 1 : start]
    return bool(_RESTATE_RE.search(line))


def _attributed(region: str, c: _Cand) -> bool:
    lo = max(0, c.start - LINE_WINDOW)
    cut = max(region.rfind(x, lo, c.start) for x in (". ", "\n", "! ", "? "))
    return bool(_ATTRIB_RE.search(region, cut + 1 if cut >= 0 else lo, min(c.end, c.start + 20)))


def _side_note(region: str, prev: _Cand, cand: _Cand, question: str | None) -> bool:
    """A later, different box in a side remark ("with 4 people the formula gives \\boxed{6}",
    "if the radius were 4 ... \\boxed{16\\pi}") does not replace the answer before it, unless
    the text in between retracts that answer."""
    if cand.text.strip() == prev.text.strip():
        return False
    between = region[prev.end : cand.start]
    if _RETRACT_RE.search(between) or _REVISE_RE.search(between):
        return False
    line_start = region.rfind("\n", max(prev.end, cand.start - LINE_WINDOW), cand.start) + 1
    prefix = region[line_start : cand.start]
    if (
        prev.kind == cand.kind == "boxed"
        and line_start > prev.end
        and _CHECK_LABEL_RE.match(prefix)
        and not _INTRO_RE.search(prefix)
        and not _CORRECTION_WORD_RE.search(prefix)
    ):
        return True  # "Verification: the list has $\boxed{4}$ items": a checked sub-quantity
    lo = max(prev.end, cand.start - LINE_WINDOW)
    para = region.rfind("\n\n", lo, cand.start)
    remark = region[para + 2 if para >= 0 else lo : cand.start]
    if _APPROX_RE.search(remark) and "." not in prev.text and not _ROUNDING_ASKED_RE.search(
        question or ""
    ):
        return True  # "2\\sqrt{2} \\approx \\boxed{2.828}" restates the exact answer numerically
    return bool(
        _SIDE_RE.search(remark) or (_OTHER_CASE_RE.search(remark) and _CHECK_RE.search(remark))
    )


def _continuation(region: str, cands: list[_Cand]) -> int | None:
    """Where a continuation starts: the first new-turn/template marker; or a next-problem header
    (not the completion's own opening line) after a committed value, or one that opens a new
    problem with its own ``Solution:``."""
    m = _TURN_RE.search(region)
    cut = m.start() if m else len(region)
    committed = [c.end for c in cands if c.kind == "boxed" or _VALUE_RE.search(c.text)]
    first_commit = min(committed, default=len(region) + 1)
    last_solution = -1
    for sm in _SOLUTION_RE.finditer(region, 0, cut):
        last_solution = sm.start()
    pos = len(region) - len(region.lstrip()) + 1
    while (p := _NEXT_PROBLEM_RE.search(region, pos, cut)) is not None:
        if first_commit <= p.start() or (
            last_solution >= p.end() and _VALUE_RE.search(region, 0, p.start())
        ):
            cut = p.start()
            break
        pos = p.end()
    return cut if cut < len(region) else None


def _spam_run(region: str, cands: list[_Cand]) -> Extracted | None:
    """Three or more back-to-back candidates with different values (``\\boxed{1}``,
    ``\\boxed{2}``, ... or ``Answer: 1``, ``Answer: 2``, ...) are a list of guesses, not a
    commitment: return them all, so a single gold cannot match."""
    run = [cands[-1]]
    for prev in reversed(cands[:-1]):
        gap = region[prev.end : run[0].start]
        if len(gap) > SPAM_GAP_CHARS or not _SPAM_GAP_RE.fullmatch(gap):
            break
        run.insert(0, prev)
    texts = list(dict.fromkeys(c.text.strip() for c in run))
    if len(run) >= 3 and len(texts) >= 2:
        return Extracted(", ".join(texts), "spam")
    return None


def _retracted(tail: str, answer: str) -> bool:
    """'... \\boxed{5}. Wait, that is wrong ...' with no later commitment or confirmation. A
    reconsideration that ends 'the answer remains 18' / 'that's fine' / 'Okay good' keeps the
    answer, unless the last value it states differs from it."""
    if _DISOWN_RE.match(tail):
        return True
    m = _RETRACT_RE.search(tail)
    if m is None or _CONFIRM_RE.search(tail, m.end()):
        return False
    if not _SOFT_CONFIRM_RE.search(tail, m.end()):
        return True
    nums = [n.group(0) for n in _PLAIN_NUM_RE.finditer(tail, m.end())]
    return bool(nums) and nums[-1] != answer.strip().strip("$").strip()


def _conclusion(region: str) -> Extracted | None:
    lines = [ln for ln in region.strip().split("\n") if ln.strip()]
    if not lines:
        return None
    last = lines[-1].strip()
    if _ATTRIB_RE.search(last):
        return None  # "The user says the answer is 42."
    bare = len(lines) == 1 and len(last) <= MAX_BARE_CHARS and not _DANGLING_RE.search(last)
    if not bare and not _TRUNCATION_END_RE.search(last):
        return None
    m = _BOLD_LINE_RE.match(last)
    if m:
        return Extracted(_sentence_answer(m.group("ans").strip()), "conclusion")
    negated = bool(_NEG_WORD_RE.search(last))
    bold = None if negated else _bold_value(last)
    if bold is not None:  # "The number 36 has **9** positive divisors."
        return Extracted(bold, "conclusion")
    if len(last) <= MAX_ANSWER_CHARS and (_CONCLUSION_RE.match(last) or _STATEMENT_RE.match(last)):
        last = _REASON_CLAUSE_RE.sub("", last)
        conc = _CONCLUSION_RE.match(last)
        if conc:
            # "Thus, 36 has (a total of) 9 positive divisors."
            verb = _last_match(_CONCLUSION_VERB_RE, last)
            if verb is None and not negated:
                verb = _last_match(_HAS_VERB_RE, last)
        else:  # "The intersection point is (x = 2, y = 5)": the first copula
            verb = _STATEMENT_RE.match(last)
        if verb is not None:
            ans = _clean_tail(last[verb.end() :])
            if conc and _ANSWER_NOUN_RE.fullmatch(ans):  # "Thus, 9 is the answer."
                ans = _clean_tail(last[conc.end() : verb.start()])
            if ans:
                return Extracted(ans, "conclusion")
        elif conc and not negated:  # "So we get 9.", "Thus, we need 9 coins.": its one value
            single = _single_value(last[conc.end() :])
            if single is not None:
                return Extracted(single, "conclusion")
    shown = _final_display(region.rstrip())
    if shown is not None:
        return Extracted(shown, "conclusion")
    if not bare and not negated:
        stated = _stated_value(last)
        if stated is not None:  # "36 has 9 positive divisors." / "Number of divisors = 9"
            return Extracted(stated, "conclusion")
    if bare:  # the whole completion is one short line: it is the answer
        return Extracted(last.strip("$ ").strip(), "bare")
    return None


def _clean_tail(text: str) -> str:
    ans = text.strip(" ,").rstrip(".!").strip().strip("*$ ").strip()
    ans = ans.replace("\\(", "").replace("\\)", "").strip()
    ans = _ADVERB_RE.sub("", ans)
    ans = _TOTAL_OF_RE.sub("", ans).strip(" ,")
    counted = _COUNTED_WORD_RE.fullmatch(ans)  # "nine positive divisors": the number word
    if counted is not None and not _NOT_NOUN_RE.search(ans):
        return counted.group(1)
    return ans


def _single_value(text: str) -> str | None:
    """The only value in a sentence: one math segment, or one plain number and no math."""
    plain = text.replace("\\$", " ")
    segs: list[str] = [m.group(1) or m.group(2) for m in _MATH_SEG_RE.finditer(plain)]
    outside = _MATH_SEG_RE.sub(" ", plain)
    nums: list[str] = [m.group(0) for m in _PLAIN_NUM_RE.finditer(outside)]
    if len(segs) + len(nums) != 1:
        return None
    return (segs[0] if segs else nums[0]).strip()


def _stated_value(line: str) -> str | None:
    """A closing statement's value: the one number right after its verb ("36 has 9 divisors",
    "There are 9 ways"), or one value after a final ``=``/``:`` ("Number of divisors = 9")."""
    if len(line) > MAX_BARE_CHARS or _SETUP_RE.match(line):
        return None
    after_verb = [m.group(1) for m in _VERB_NUMBER_RE.finditer(line)]
    if len(after_verb) == 1:
        return after_verb[0]
    m = _LABEL_VALUE_RE.search(line)
    if m is not None:
        return _single_value(m.group(1))
    return None


def _bold_value(line: str) -> str | None:
    """The one bold value in a closing sentence (a number or formula, not a bold label)."""
    if not _TRUNCATION_END_RE.search(line):
        return None
    found = [m.group(1) for m in _BOLD_SEG_RE.finditer(line)]
    if len(found) != 1 or _BOLD_IN_LIST_RE.search(line):
        return None  # no single bold value, or one item of a list ("**4**, 5 or 6")
    value: str = found[0].strip().strip("$").replace("\\(", "").replace("\\)", "").strip()
    plain = re.sub(r"\\[A-Za-z]+", " ", value)
    if not value or value.endswith(":") or _WORD3_RE.search(plain) or not _VALUE_RE.search(value):
        return None
    return value


def _last_match(rx: re.Pattern[str], text: str) -> re.Match[str] | None:
    last = None
    for last in rx.finditer(text):  # noqa: B007 - keep the final match
        pass
    return last


def _final_display(text: str) -> str | None:
    """'Therefore, the total is:\\n\\[ 12 \\]' at the very end: the displayed value."""
    for open_, close in (("\\[", "\\]"), ("$$", "$$")):
        if not text.endswith(close):
            continue
        a = text.rfind(open_, 0, len(text) - len(close))
        if a < 0 or len(text) - a > MAX_ANSWER_CHARS:
            return None
        content = text[a + len(open_) : len(text) - len(close)].strip()
        intro = text[:a].rstrip()
        intro_line = intro[intro.rfind("\n") + 1 :]
        if content and _INTRO_RE.search(intro_line) and intro_line.rstrip().endswith(":"):
            return content
    return None
