"""Compiles the translation catalogs (.po -> .mo) when the package is built; the rest of the
project's metadata is in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """build_py, then every i18n/locales/*/LC_MESSAGES/*.po written as .mo beside it."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path(self.build_lib, "i18n", "locales").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as src, po.with_suffix(".mo").open("wb") as out:
                write_mo(out, read_po(src), use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogs})
