"""CONTRIBUTING.md (issue 44, item 4): it exists, every link in it leads to a file and heading
that exist, the commands it gives are CI's, and its "Adding a game" (the guide, moved there from
the README by issue 44 item 1) names the example game as what it is (a new game, not "a sixth")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives the headings of ``markdown``."""
    out = set()
    for heading in re.findall(r"(?m)^#+ +(.+?) *$", markdown):
        out.add(re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-"))
    return out


def test_every_link_of_the_guide_leads_somewhere() -> None:
    links = re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)", GUIDE)
    assert len(links) >= 4
    for target, anchor in links:
        if target.startswith("https://"):
            continue
        path = ROOT / target if target else ROOT / "CONTRIBUTING.md"
        assert path.is_file(), target
        if anchor:
            assert anchor in anchors(path.read_text(encoding="utf-8")), (target, anchor)
    for named in re.findall(r"`((?:tests|docs|requirements|bot|i18n|\.ci)/[\w./-]+)`", GUIDE):
        assert (ROOT / named.rstrip("/")).exists() or "*" in named, named


def test_the_guides_commands_are_ci_s() -> None:
    install = re.search(r"^  python -m pip install --quiet --require-hashes -r (\S+)$", CI, re.M)
    assert install and f"python -m pip install --require-hashes -r {install.group(1)} &&" in GUIDE
    assert CI.rstrip().endswith("\npython -m pytest") and "\npython -m pytest\n" in GUIDE
    for heading in ("Setup", "Tests", "The locks", "The layers", "Adding a game", "Translations"):
        assert f"\n## {heading}\n" in GUIDE, heading
    assert "--runslow" in GUIDE and "TABLEE_TEST_DATABASE_URL" in GUIDE and "chromium" in GUIDE


def test_the_guide_calls_the_example_a_new_game() -> None:
    adding = GUIDE[GUIDE.index("\n## Adding a game\n"):]
    adding = adding[:adding.index("\n## ", 1)]
    assert "sixth" not in adding and "a new game kept for the tests" in adding
    assert "tests/new_game/plugin.py" in adding and "1. `games/<game_id with _>/`" in adding
    assert "[CONTRIBUTING.md](CONTRIBUTING.md)" in README
