"""The package is typed (PEP 561): py.typed and the extension's stub _core.pyi
sit beside the module (in the build tree and in an installed wheel), and the
stub names exactly what the extension defines, so a binding added or renamed
without its stub fails here."""
import ast
import inspect
import pathlib

from milp_sac import _core

PACKAGE = pathlib.Path(_core.__file__).parent


def stub():
    return ast.parse((PACKAGE / "_core.pyi").read_text())


def public(names):
    return {n for n in names if not n.startswith("_")} | ({"__version__"} & set(names))


def test_py_typed_and_stub_beside_the_extension():
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "_core.pyi").is_file()


def test_stub_names_what_the_extension_defines():
    declared = set()
    for node in stub().body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared.add(node.target.id)
    assert declared == public(dir(_core))


def test_stub_classes_list_every_attribute():
    for node in stub().body:
        if not isinstance(node, ast.ClassDef):
            continue
        declared = {s.target.id for s in node.body if isinstance(s, ast.AnnAssign)}
        cls = getattr(_core, node.name)
        actual = {n for n, v in inspect.getmembers(cls) if not n.startswith("_") and isinstance(v, property)}
        assert declared == actual, node.name


def test_stub_functions_take_the_extension_arguments():
    for node in stub().body:
        if not isinstance(node, ast.FunctionDef):
            continue
        doc = getattr(_core, node.name).__doc__ or ""
        for arg in node.args.args:
            assert f"{arg.arg}:" in doc, f"{node.name}: no argument {arg.arg} in {doc!r}"
