"""A question said inside a request to be told ("tell me when the vet is", "can you check what time the
train leaves", "I need to know where the party is", "do you know if the plumber is coming?"): the
question inside, said plainly, so it is read like the same question asked straight out.

Pure text: no store, no clock. A request to be told *later* ("let me know when Sam emails") is a watch,
not a question, and is left as it was (`read.asks_a_watch` tells them apart before this is asked).
"""

from __future__ import annotations

import re

# the openers of a request to be told now: a verb of telling or finding out, said to Steward, or a want of the
# person's own ("I need to know", "I can't remember")
_OPENERS = (
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|just\s+)?|please\s+|pls\s+|just\s+)?"
    r"(?:tell\s+me|check|double[-\s]?check|find\s+out|look\s+up|see|let\s+me\s+know|figure\s+out|work\s+out|"
    r"confirm)",
    r"i\s+(?:need|want|would\s+like|'d\s+like|d\s+like|wanna|have)\s+to\s+know",
    r"i\s+(?:need|want|would\s+like|'d\s+like)\s+to\s+(?:check|find\s+out|confirm)",
    r"(?:i\s+was\s+|i'm\s+|im\s+|i\s+am\s+)?wondering",
    r"i\s+(?:can't|cant|cannot|don't|dont)\s+remember",
    r"i\s+(?:forget|forgot)",
    r"(?:do|d'you|would)\s+(?:you|u|ya)\s+know",
    r"(?:any|got\s+any)\s+idea",
)
_WRAPPED = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay|so|um|erm|right)\b[,\s]*)*(?:" + "|".join(_OPENERS) + r")[,\s]+"
    r"(?P<q>(?P<wh>when|what|what's|whats|where|which|who|how|whether|if)\b.+?)\s*[?.!]*\s*$",
    re.I,
)
# "if there's", "whether I have": the yes-or-no question a clause of "if" says, turned round to be asked
_IF_CLAUSE = (
    (re.compile(r"^(?:if|whether)\s+there(?:'s|\s+is)\s+", re.I), "is there "),
    (re.compile(r"^(?:if|whether)\s+there\s+are\s+", re.I), "are there "),
    (re.compile(r"^(?:if|whether)\s+i\s+have\s+", re.I), "do I have "),
    (re.compile(r"^(?:if|whether)\s+i've\s+got\s+", re.I), "have I got "),
    (re.compile(r"^(?:if|whether)\s+i(?:'m|\s+am)\s+", re.I), "am I "),
    (re.compile(r"^(?:if|whether)\s+i\s+owe\s+", re.I), "do I owe "),
    (re.compile(r"^(?:if|whether)\s+(?:any(?:one|body)|someone|somebody)\s+(?P<v>\w+)\s+", re.I), "has anyone "),
)
# "tell me what to bring", "how to get there": advice on what to do, which no mail or calendar holds said plainly
_TO_DO = re.compile(r"^(?:when|what|where|how|which\s+\w+)\s+to\b", re.I)


def unwrapped(text: str) -> str | None:
    """The question inside a request to be told ("tell me when the dentist is" -> "when the dentist is?"), or
    None when the text is not one (or is a yes-or-no question in a shape not turned round here)."""
    m = _WRAPPED.match(text)
    if m is None:
        return None
    question = m.group("q").strip()
    if m.group("wh").lower() in ("if", "whether"):
        for clause, plain in _IF_CLAUSE:
            said = clause.match(question)
            if said is not None:
                if "v" in clause.groupindex:
                    # "if anyone emailed" asks "has anyone emailed", said in the verb the person used
                    return f"{plain}{said.group('v')} {question[said.end():]}?"
                return f"{plain}{question[said.end():]}?"
        return None
    if _TO_DO.match(question):
        return None
    return question + "?"
