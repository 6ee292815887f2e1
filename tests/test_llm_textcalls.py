"""Tool calls printed as text by local models are recognised; other JSON is left as text."""

from __future__ import annotations

from steward.llm.textcalls import extract_text_calls

TOOLS = {"create_reminder", "search_inbox", "ask_user"}


def names_args(text: str) -> tuple[list[tuple[str, dict]], str]:
    found, rest = extract_text_calls(text, TOOLS)
    return [(c.name, dict(c.arguments)) for c in found], rest


def test_fenced_json_block() -> None:
    text = 'Sure.\n```json\n{"name": "create_reminder", "arguments": {"text": "pay rent", "day": "tomorrow"}}\n```'
    assert names_args(text) == ([("create_reminder", {"text": "pay rent", "day": "tomorrow"})], "Sure.")


def test_tool_and_args_keys() -> None:
    assert names_args('{"tool": "search_inbox", "args": {"query": "invoice"}}') == (
        [("search_inbox", {"query": "invoice"})], "")


def test_tagged_hermes_form_and_several_calls() -> None:
    text = ('<tool_call>{"name": "search_inbox", "arguments": {"query": "a"}}</tool_call>\n'
            '<tool_call>{"name": "search_inbox", "arguments": {"query": "b"}}</tool_call>')
    found, rest = extract_text_calls(text, TOOLS)
    assert [c.arguments["query"] for c in found] == ["a", "b"]
    assert [c.id for c in found] == ["text-1", "text-2"] and all(c.from_text for c in found)
    assert rest == ""


def test_openai_shape_written_out_and_arguments_as_a_string() -> None:
    text = '{"type": "function", "function": {"name": "ask_user", "arguments": "{\\"question\\": \\"Which day?\\"}"}}'
    assert names_args(text) == ([("ask_user", {"question": "Which day?"})], "")


def test_a_list_of_calls_and_parameters_key() -> None:
    text = '[{"name": "search_inbox", "parameters": {"query": "x"}}, {"name": "ask_user", "parameters": {}}]'
    assert [n for n, _ in names_args(text)[0]] == ["search_inbox", "ask_user"]


def test_unknown_names_and_ordinary_json_stay_text() -> None:
    for text in ('{"name": "rm_rf", "arguments": {}}', '{"name": "Alice", "age": 3}',
                 'Your total is {"amount": 3}', "no json here {", '{"result": {"name": "search_inbox", "arguments": {}}}'):
        assert extract_text_calls(text, TOOLS) == ((), text)


def test_broken_json_is_text() -> None:
    text = '```json\n{"name": "search_inbox", "arguments": {"query": "x"\n```'
    assert extract_text_calls(text, TOOLS) == ((), text)
