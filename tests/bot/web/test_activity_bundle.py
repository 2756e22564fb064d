"""The committed Embedded App SDK bundle is the one its build recipe makes: the SDK version the
lock pins, one script setting window.DiscordSDK, and the page's Activity script uses it."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
STATIC = ROOT / "bot" / "web" / "static"
RECIPE = ROOT / "web" / "activity"


def test_the_bundle_is_the_locked_sdk_built_by_the_recipe() -> None:
    lock = json.loads((RECIPE / "package-lock.json").read_text(encoding="utf-8"))
    version = lock["packages"]["node_modules/@discord/embedded-app-sdk"]["version"]
    declared = json.loads((RECIPE / "package.json").read_text(encoding="utf-8"))
    assert declared["devDependencies"]["@discord/embedded-app-sdk"] == version  # pinned exactly
    bundle = (STATIC / "activity-sdk.js").read_text(encoding="utf-8")
    assert bundle.startswith(f"/* @discord/embedded-app-sdk {version} (MIT, Discord)")
    assert "window.DiscordSDK=" in bundle and "import " not in bundle.split("*/", 1)[1][:200]
    assert f'window.DiscordSDKInfo={{version:"{version}"}}' in bundle
    assert "activity-sdk.js" in (RECIPE / "build.mjs").read_text(encoding="utf-8")
    script = (STATIC / "activity.js").read_text(encoding="utf-8")
    assert '"/static/activity-sdk.js"' in script and "commands.authorize" in script
