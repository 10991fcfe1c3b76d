"""The shape of the engine: no import circle among its modules or its packages, imports inside functions
included (an import moved into a function to dodge a circle is still a circle).

A module imports another when any ``import`` statement of it, at any depth, names it (``from . import x``
names the module ``x`` when there is one, else the package). A package is a folder of ``engine/``
(``engine/table``, ``engine/games/holdem``...); each module directly in ``engine/`` is a node of its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ENGINE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(path): path for path in sorted(ENGINE.rglob("*.py"))}


def imports_of(name: str) -> set[str]:
    """The engine modules ``name`` imports, anywhere in its code."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {module for module in found if module in MODULES and module != name}


def node_of(module: str) -> str:
    """The package of a module (its folder), or the module itself when it sits directly in ``engine/``."""
    path = MODULES[module]
    folder = path.parent
    return module if folder == ENGINE and path.name != "__init__.py" else folder.relative_to(ENGINE.parent).as_posix()


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


GRAPH = {name: imports_of(name) for name in MODULES}


def test_no_module_imports_itself_back_through_others():
    assert circles(GRAPH) == []


def test_no_package_imports_itself_back_through_others():
    packages: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        packages.setdefault(node_of(module), set()).update(node_of(t) for t in targets)
    for node, targets in packages.items():
        targets.discard(node)
    assert circles(packages) == []


def test_the_checker_sees_a_circle_hidden_in_a_function():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert "engine.protocol.registry" in GRAPH["engine.commands"] or "engine.protocol" in GRAPH["engine.commands"]


#: The layers, lowest first: a package imports only from its own layer or the ones below it. The table
#: core knows no game; the registry names the games and where their parts live, without importing them;
#: the learning layer (progress, questions, drills) asks the registry and names no game; a game builds on
#: both, and knows no practice-hand format, play layer or checker; the format knows no play layer; the
#: play layer knows no checker.
LAYERS = [
    ("engine/table",),
    ("engine/games",),
    ("engine/progress", "engine/quiz", "engine/drills"),
    ("engine/games/mata_ases", "engine/games/holdem", "engine/games/ultimate"),
    ("engine/scenarios",),
    ("engine/play",),
    ("engine/authoring",),
]


def test_each_layer_imports_only_from_the_layers_below():
    layer_of = {package: i for i, packages in enumerate(LAYERS) for package in packages}
    wrong = []
    for module, targets in GRAPH.items():
        here = layer_of.get(node_of(module))
        for target in targets:
            there = layer_of.get(node_of(target))
            if here is not None and there is not None and there > here:
                wrong.append(f"{module} -> {target}")
    assert wrong == []


def test_every_games_authoring_module_gives_what_the_format_asks():
    """A game's part of the practice-hand format (engine.scenarios.model.Authoring), member by member."""
    from engine.games import GAMES
    from engine.scenarios.model import Authoring

    wanted = set(Authoring.__annotations__)
    written = [game for game in GAMES.values() if game.authoring is not None]
    assert written
    for game in written:
        assert wanted <= set(dir(game.author())), (game.id, sorted(wanted - set(dir(game.author()))))


#: The most imports written inside functions (``import`` statements in a function's body, at any depth)
#: the engine may hold; each says why on its own line (a comment on the line).
MAX_FUNCTION_IMPORTS = 20


def function_imports() -> list[tuple[str, int, str]]:
    """Every import written inside a function: ``(module, line, the line's text)``."""
    found = set()
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        found.add((name, inner.lineno, lines[inner.lineno - 1]))
    return sorted(found)


def test_imports_inside_functions_are_few_and_each_says_why():
    found = function_imports()
    assert len(found) <= MAX_FUNCTION_IMPORTS, [f"{m}:{n}" for m, n, _ in found]
    assert [f"{m}:{n}" for m, n, line in found if "#" not in line] == []


def test_the_checker_counts_imports_inside_functions():
    assert any(module == "engine.__main__" for module, _, _ in function_imports())


#: Ids and names of the site's games as code would write them (aliases too), read from the registry.
def _game_words() -> set[str]:
    from engine.games import GAMES

    return {word for game in GAMES.values() for word in (game.id, game.id.replace("-", "_"), *game.aliases)
            if len(word) > 3}


def _code_strings(path) -> list[tuple[int, str]]:
    """The string constants of a module's code (docstrings left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_the_learning_layer_names_no_game():
    words = _game_words()
    named = [f"{module}:{line}: {text!r}" for module, path in MODULES.items()
             if module.startswith(("engine.progress", "engine.quiz", "engine.drills"))
             for line, text in _code_strings(path) if any(w in text.lower() for w in words)]
    assert named == []


def test_no_site_address_outside_a_games_table_of_pages():
    """Every address of the site the engine writes is in a game's ``pages.py`` (its table of pages)."""
    import re

    address = re.compile(r"(^|[\s\"'(])/?(" + "|".join(re.escape(p) for p in _site_folders()) + r")/")
    found = [f"{module}:{line}" for module, path in MODULES.items() if not module.endswith(".pages")
             for line, text in _code_strings(path) if address.search(text)]
    assert found == []


def _site_folders() -> list[str]:
    docs = ENGINE.parent / "docs"
    return sorted(p.name for p in docs.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))


#: A game that is a variant of another builds on its rules: Ultimate Texas Hold'em on Hold'em's streets.
VARIANT_OF = {"engine/games/ultimate": "engine/games/holdem"}


def test_no_game_imports_another_game():
    """What two games share lives in a shared module (the table core, the evaluation), never in one of them:
    a click at one game's table runs none of another game's code (a variant reads the game it varies)."""
    games = {"engine/games/" + path.name for path in (ENGINE / "games").iterdir() if (path / "__init__.py").exists()}
    wrong = [f"{module} -> {target}" for module, targets in GRAPH.items() for target in targets
             if node_of(module) in games and node_of(target) in games
             and node_of(target) not in (node_of(module), VARIANT_OF.get(node_of(module)))]
    assert wrong == []
