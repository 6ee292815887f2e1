"""The guides served by Steward itself: the page's links to them open, nothing else in the folder or
outside it is served, and a guide's raw HTML is shown as text."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from steward.errors import NotFound
from steward.web.guides import guide_file, render_guide

NOW = "2026-12-05T10:00:00+00:00"


def test_the_models_guide_opens_as_a_page_with_its_links(client: TestClient) -> None:
    r = client.get("/guides/models.md")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "<h1>Models</h1>" in r.text
    assert 'href="chat.md"' in r.text  # a link to another guide opens it beside this one
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert client.get("/guides/chat.md").status_code == 200


def test_the_list_of_guides_names_each_by_its_title(client: TestClient) -> None:
    r = client.get("/guides/")
    assert r.status_code == 200
    assert '<a href="/guides/models.md">Models</a>' in r.text


def test_a_picture_a_guide_shows_is_served_as_a_picture(client: TestClient) -> None:
    r = client.get("/guides/page-1280.png")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"


@pytest.mark.parametrize("name", ["..%2Fpyproject.toml", "%2E%2E%2FREADME.md", ".hidden.md", "Models.md",
                                  "models.txt", "nothing-here.md", "%2E%2E", "%2Fetc%2Fpasswd"])
def test_nothing_but_a_plain_guide_name_is_served(client: TestClient, name: str) -> None:
    r = client.get(f"/guides/{name}")
    assert r.status_code == 404
    assert r.json()["error"] == "not_found"


def test_a_path_that_climbs_out_is_not_served(client: TestClient) -> None:
    assert client.get("/guides/../pyproject.toml").status_code == 404


def test_the_guides_need_the_token_like_the_page(steward_home: Path) -> None:
    from serve_helpers import in_process

    with TestClient(in_process(steward_home, NOW, token="a-long-enough-token-for-tests"),
                    base_url="http://127.0.0.1:8765") as anonymous:
        assert anonymous.get("/guides/models.md").status_code == 401


def test_raw_html_in_a_guide_is_shown_as_text(tmp_path: Path) -> None:
    (tmp_path / "odd.md").write_text("# Odd\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))\n")
    page = render_guide(guide_file("odd.md", tmp_path))
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    assert "href=\"javascript" not in page


def test_a_link_to_a_file_outside_the_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (tmp_path / "secret.md").write_text("no")
    (folder / "secret.md").symlink_to(tmp_path / "secret.md")
    with pytest.raises(NotFound):
        guide_file("secret.md", folder)


GUIDE_FROM_THE_WHEEL = """
import sys
from fastapi import FastAPI
from fastapi.testclient import TestClient
from steward.web import guides

app = FastAPI()
app.include_router(guides.router)
with TestClient(app) as client:
    page = client.get("/guides/models.md")
    picture = client.get("/guides/page-1280.png")
print(guides.guides_dir())
print(page.status_code, "<h1>Models</h1>" in page.text, picture.status_code)
"""


@pytest.mark.slow
def test_the_guides_open_from_a_wheel_installed_into_a_fresh_venv(tmp_path: Path) -> None:
    import os
    import shutil
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    tree = tmp_path / "tree"  # a copy, so the build leaves the working tree as it was
    tree.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(root / name, tree / name)
    shutil.copytree(root / "docs", tree / "docs")
    shutil.copytree(root / "src", tree / "src", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    wheels = tmp_path / "wheels"
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # pip sees no source tree on the path
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels), str(tree)],
                           capture_output=True, text=True, timeout=600, env=clean)
    assert built.returncode == 0, built.stderr[-3000:]
    [wheel] = wheels.glob("steward-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                "--quiet", str(wheel)], capture_output=True, text=True, timeout=300, env=clean)
    assert installed.returncode == 0, installed.stderr[-3000:]
    # Steward from the wheel; its libraries (fastapi, markdown-it-py ...) from this environment
    libraries = os.pathsep.join(p for p in sys.path if p.endswith("site-packages"))
    ran = subprocess.run([str(python), "-c", GUIDE_FROM_THE_WHEEL], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": libraries})
    assert ran.returncode == 0, ran.stderr[-3000:]
    folder, answers = ran.stdout.strip().splitlines()[-2:]
    assert folder.startswith(str(venv)), folder  # the installed copy, not this source tree
    assert answers == "200 True 200"
