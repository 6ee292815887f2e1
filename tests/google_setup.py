"""Pointing a Steward home at the fake Google: credential files (0600) and the settings that name them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from google_fake import CALENDAR_EVENTS, CALENDAR_READ, FakeGoogle


def credential_file(folder: Path, name: str, credential: dict[str, str]) -> Path:
    """An authorized-user JSON file, 0600, as `steward setup` leaves one."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump(credential, f)
    return path


def use_google(monkeypatch: pytest.MonkeyPatch, fake: FakeGoogle, folder: Path, *, write: bool = True,
               read: bool = True, write_to: str = "google", timeout: float = 10.0) -> None:
    """Read (calendar.readonly) and write (calendar.events) credentials on the fake; Google as a backend.
    `timeout`: the seconds the client waits for an answer; ten leave room for a machine busy with other
    work (a test that wants a request to time out lowers it and stalls the fake for longer)."""
    monkeypatch.setenv("STEWARD_CALENDAR_BACKENDS", "local,google")
    monkeypatch.setenv("STEWARD_CALENDAR_WRITE_TO", write_to)
    monkeypatch.setenv("STEWARD_CALENDAR_GOOGLE_API_URL", fake.url)
    monkeypatch.setenv("STEWARD_GOOGLE_BACKOFF", "0.01")
    monkeypatch.setenv("STEWARD_CALENDAR_GOOGLE_TIMEOUT", str(timeout))
    if read:
        path = credential_file(folder, "google-read.json", fake.credential(CALENDAR_READ))
        monkeypatch.setenv("STEWARD_CALENDAR_GOOGLE_CREDENTIALS", str(path))
    if write:
        path = credential_file(folder, "google-write.json", fake.credential(CALENDAR_EVENTS))
        monkeypatch.setenv("STEWARD_APPOINTMENTS_GOOGLE_WRITE_CREDENTIALS", str(path))
