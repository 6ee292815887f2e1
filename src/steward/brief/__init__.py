"""The daily brief: the sections a person chooses by saying so, rendered on demand and every morning.

* `sections.yaml` (`manifest`): each section's slot, title, the words people use for it, its options.
* `prefs`: the user's overlay on the manifest (JSON under the data dir), with undo.
* `config` / `phrases`: `configure_brief` as pure logic, and the parser of config phrases.
* `collect`: one small function per section; `sources`: the Protocols the sections read.
* `render`: text, HTML and JSON; `morning`: when the morning brief is due on the user's clock.
* `service.BriefService`: the one service the CLI, chat, the loop tool, the web page and the
  scheduler use.
"""
