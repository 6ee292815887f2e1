"""`steward serve`: the HTTP API, the web page and the scheduler (in one process, or several sharing the port)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from steward.cli.context import Commands, Ctx

if TYPE_CHECKING:
    from steward.web.run import ServeOptions


def register(commands: Commands) -> None:
    """Add `serve` to the command line."""
    p = commands.add("serve", "the HTTP API, the web page and the scheduler (the main job)", cmd_serve)
    add_serve_options(p)


def add_serve_options(p: argparse.ArgumentParser) -> None:
    """--host, --port, --token-file (shared with `steward demo`)."""
    p.add_argument("--host", default=None, help="address to listen on (default: serve.host, 127.0.0.1)")
    p.add_argument("--port", type=int, default=None, help="port to listen on (default: serve.port, 8765; 0 picks one)")
    p.add_argument("--token-file", default=None, metavar="FILE",
                   help="require the bearer token in FILE (default: the home's token, made once)")
    p.add_argument("--url", action="store_true",
                   help="print the page's URL carrying the token (it sets the browser's cookie), and exit")


def serve_options(ctx: Ctx, args: argparse.Namespace) -> ServeOptions:
    """The options from the command line over the settings."""
    from steward.errors import UsageError
    from steward.web.run import ServeOptions

    port = args.port if args.port is not None else ctx.settings.as_int("serve.port")
    if not 0 <= port <= 65535:
        raise UsageError(f"--port {port}: a port is a number from 0 to 65535")
    return ServeOptions(
        host=args.host or ctx.settings.as_str("serve.host"),
        port=port,
        token_file=args.token_file if args.token_file is not None else ctx.settings.as_str("serve.token_file"),
        workers=ctx.settings.as_int("serve.workers"),
        turn_workers=ctx.settings.as_int("serve.turn_workers"),
        processes=ctx.settings.as_int("serve.processes"),
        token=ctx.settings.as_str("serve.token"),
        home_token=ctx.paths.token_file,
        local_socket=ctx.paths.socket_file,
    )


def run_server(ctx: Ctx, args: argparse.Namespace) -> int:
    """Serve the home of `ctx` until stopped."""
    from steward.web.run import serve, server_dial, shared_app_factory

    options = serve_options(ctx, args)
    if getattr(args, "url", False):
        from steward.web.run import choose_token, page_url

        choice = choose_token(options.host, options.token_file, setting=options.token, home_token=options.home_token)
        ctx.emit({"url": page_url(options.host, options.port, choice.token)},
                 page_url(options.host, options.port, choice.token))
        return 0
    dial = server_dial(ctx.settings, ctx.clock, getattr(args, "tz", None))
    make_app = shared_app_factory(ctx.app, dial)
    return serve(ctx.settings, ctx.clock, make_app, options, verbose=bool(getattr(args, "verbose", False)),
                 home=getattr(args, "home", None), now=getattr(args, "now", None), tz=getattr(args, "tz", None),
                 dial=dial)


def cmd_serve(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward serve`: the HTTP API, the web page and the scheduler until stopped."""
    return run_server(ctx, args)
