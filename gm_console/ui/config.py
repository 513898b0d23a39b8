"""The user's config file (``<user config>/config.toml``): the theme chosen
last, key remaps by binding id, and whether the rules lookup learns from the
GM (``[lookup] learn``). Problems are collected and shown once;
a broken config never stops the console."""

from __future__ import annotations

import tomllib
from pathlib import Path

from gm_console.core import schema as s
from gm_console.core.schema import Key
from gm_console.files.atomic import atomic_write
from gm_console.files.paths import user_config_dir
from gm_console.ui.keys import APP_KEYS, REPLAY_KEYS, check_keymap

BINDING_IDS = tuple(k.id for k in APP_KEYS + REPLAY_KEYS)
KEYS = s.Table(
    {i: Key(s.Str(pattern=r"[a-z0-9_+,-]+", pattern_doc="a key such as ctrl+b or f7")) for i in BINDING_IDS},
    name="a table of binding id = key",
)
CONFIG = s.Table(
    {
        "theme": Key(s.Str()),
        "keys": Key(KEYS, default={}),
        "lookup": Key(s.Table({"learn": Key(s.Bool(), default=True)}, name="a table with learn = true or false"), default={}),
        "point": Key(s.Str(choices=("prompt", "apply")), doc="what a click's line does: prompt (put it in the prompt) or apply it"),
    },
    name="the config",
)


class Config:
    """The user's settings: the theme, key remaps, what was skipped and why, the
    file. A plain class: it is defined at every start, and a dataclass takes
    about 0.6 ms to define (it compiles its methods)."""

    def __init__(
        self, theme: str | None = None, keys: dict[str, str] | None = None, problems: list[str] | None = None, path: Path | None = None,
        learn: bool = True,
        point: str = "prompt",
    ) -> None:
        self.theme = theme
        self.learn = learn  # the rules lookup learns from the entries the GM opens (files/learned.py)
        self.point = point  # what a click's line does: "prompt" (put there to apply with Enter) or "apply"
        self.keys: dict[str, str] = {} if keys is None else keys
        self.problems: list[str] = [] if problems is None else problems
        self.path = path

    def __repr__(self) -> str:
        return (
            f"Config(theme={self.theme!r}, keys={self.keys!r}, problems={self.problems!r}, path={self.path!r}, "
            f"learn={self.learn!r}, point={self.point!r})"
        )


def config_path() -> Path:
    return user_config_dir() / "config.toml"


def load_config(path: Path | None = None) -> Config:
    path = path or config_path()
    if not path.exists():
        return Config(path=path)
    from gm_console.files.reading import read_user_file

    try:  # a regular file only, of a sane size: a FIFO or /dev/zero never holds the console up
        data = tomllib.loads(read_user_file(path).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
        return Config(problems=[f"{path}: {exc}"], path=path)
    value, problems = s.validate(data, CONFIG)
    if not isinstance(value, dict):
        return Config(problems=[f"{path}: {p}" for p in problems], path=path)
    # a part that failed its check comes back as a marker, not a value: keep only what passed
    raw_keys = value.get("keys")
    keys = {k: v for k, v in raw_keys.items() if isinstance(v, str)} if isinstance(raw_keys, dict) else {}
    keys, refused = check_keymap(keys)  # a plain letter, a key bound twice, a key Textual cannot read
    theme = value.get("theme") if isinstance(value.get("theme"), str) else None
    lookup = value.get("lookup")
    learn = lookup.get("learn") if isinstance(lookup, dict) else True
    point = "apply" if value.get("point") == "apply" else "prompt"
    return Config(
        theme, keys, [f"{path}: {p}" for p in [*problems, *refused]], path, learn=learn if isinstance(learn, bool) else True, point=point,
    )


def save_theme(config: Config, theme: str) -> None:
    """Remember the theme, keeping the rest of the file as it is."""
    import tomlkit  # only to write the file, keeping the GM's comments and layout

    from gm_console.files.reading import read_user_file

    path = config.path or config_path()
    text = ""
    if path.exists():
        try:
            text = read_user_file(path).decode("utf-8")
            tomllib.loads(text)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
            # never overwrite what the GM wrote: a broken file is theirs to fix
            raise ValueError(f"{path} is not valid TOML ({exc}); the theme was not written to it") from None
    data = tomlkit.parse(text)
    data["theme"] = theme
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, tomlkit.dumps(data).encode("utf-8"), backup=False)
    config.theme = theme
