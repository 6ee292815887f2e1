"""`steward init` and `steward config show`."""

from __future__ import annotations

import argparse

from steward.cli.context import Commands, Ctx


def register(commands: Commands) -> None:
    """Add `init` and `config show` to the command line."""
    commands.add("init", "create the config file and the store in the home", cmd_init)
    config = commands.group("config", "show the settings")
    config.add("show", "each setting, its value and where the value came from", cmd_config_show)


def cmd_init(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward init`: create the config file and the store in the home."""
    paths = ctx.paths
    ctx.make_config_dir()
    created = False
    if not paths.config_file.exists():
        paths.config_file.write_text(
            "# Steward settings; `steward config show` lists every one with its help.\n"
            "# Example:\n# timezone = \"Asia/Kolkata\"\n# [llm]\n# tier2 = \"ollama http://127.0.0.1:11434 qwen2.5:7b-instruct\"\n",
            encoding="utf-8",
        )
        created = True
    ctx.app.db  # noqa: B018 - opening the store creates and migrates it
    ctx.emit(
        {"home": paths.home_label, "config": str(paths.config_file), "db": str(paths.db_file), "created": created},
        f"Steward home ready: config {paths.config_file}, store {paths.db_file}",
    )
    return 0


def cmd_config_show(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward config show`: each setting, its value and where the value came from."""
    from steward.settings import SETTINGS, env_name

    settings = ctx.settings
    rows = [
        {"name": s.name, "value": settings[s.name], "source": settings.source(s.name), "env": env_name(s.name),
         "help": s.help}
        for s in SETTINGS
    ]

    def text() -> str:
        width = max(len(r["name"]) for r in rows)
        return "\n".join(f"{r['name']:<{width}}  {r['value']!r}  ({r['source']})  # {r['help']}" for r in rows)

    ctx.emit(rows, text)
    return 0
