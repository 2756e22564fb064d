"""``python -m i18n update|check|compile``: keep the translation catalogs in step with the code."""

from __future__ import annotations

import sys

from .catalogs import ROOT, compile_all, conflicts, problems, update

USAGE = """usage: python -m i18n update [DOMAIN ...] | check | compile

  update   add the code's new sentences to every catalog (or to DOMAIN's), drop unused ones
  check    list sentences missing, fuzzy or untranslated in a catalog (exit 1 if any)
  compile  write the .mo files next to the .po files (done at build time)"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in {"update", "check", "compile"} or (
            len(args) > 1 and args[0] != "update"):
        print(USAGE, file=sys.stderr)
        return 2
    if args[0] == "update":
        for code, count in update(domains=args[1:]).items():
            print(f"{code}: {count} sentences to translate")
        return 0
    if args[0] == "compile":
        for mo in compile_all():
            print(mo.relative_to(ROOT))
        return 0
    found = problems() + conflicts()
    for line in found:
        print(line)
    print(f"{len(found)} problems" if found else "catalogs complete")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
