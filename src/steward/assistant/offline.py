"""The honest answer for a turn nothing handled and no model can take (DESIGN.md: no tier configured)."""

from __future__ import annotations

from steward.assistant.router import Route
from steward.assistant.trace import Outcome

CAN_DO = (
    'set reminders: "remind me tomorrow at 10 am to call the bank", "remind me every monday at 9 to water the plants"',
    'manage them: "what reminders do I have?", "cancel the dentist reminder", "move it to 5 pm", '
    '"snooze 10 minutes", "done"',
    'show your schedule: "what\'s my schedule tomorrow?", "what do I have on friday"',
    'answer questions over your mail: "how many emails did I get from HDFC", '
    '"which banks emailed me this month", "list all emails about credit card"',
)
CONNECT = (
    'To connect a model, set a tier in config.toml, e.g. [llm] tier2 = "ollama http://127.0.0.1:11434 '
    'qwen2.5:7b-instruct" (tier1 for light turns); `steward config show` lists the settings.'
)


def offline_answer(route: Route, *, reason: str = "no language model is connected") -> Outcome:
    """What Steward can do without a model, and how to connect one."""
    bullets = "\n".join(f"- {line}" for line in CAN_DO)
    if route.intent == "help":
        reply = f"Without a language model I can:\n{bullets}\n{CONNECT}"
    else:
        what = "That asks for a change I can't make" if route.intent == "action" else "I can't answer that"
        reply = f"{what} offline ({reason}). Without a model I can:\n{bullets}\n{CONNECT}"
    return Outcome(reply=reply, data={"offline": True, "reason": reason})
