"""The package is typed (PEP 561): py.typed and the extension's stub _core.pyi
sit beside the module (in the build tree and in an installed wheel), and the
stub names exactly what the extension defines, so a binding added or renamed
without its stub fails here; every function and method is declared with the
extension's arguments, in order, and the extension's return type (pybind11
writes the C++ signature into each docstring: `name(a: str, ...) -> dict`)."""
import ast
import inspect
import pathlib
import re

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


def base_type(text):
    """The outer type of an annotation or a pybind11 signature type, lower case:
    'dict[str, Any]' and 'dict' -> 'dict', 'List[int]' -> 'list',
    'Optional[float]' and 'float | None' -> 'float', 'numpy.ndarray[numpy.float64]'
    and 'NDArray[np.float64]' -> 'ndarray', 'milp_sac._core.Model' -> 'model'."""
    text = text.strip()
    optional = re.fullmatch(r"Optional\[(.*)\]", text)
    if optional:
        text = optional.group(1)
    text = re.sub(r"\s*\|\s*None$", "", text)
    head = re.split(r"[\[|]", text)[0].strip().split(".")[-1].lower()
    return head


def stub_callables():
    """(qualified name, stub def, the extension's object) of every function and method."""
    for node in stub().body:
        if isinstance(node, ast.FunctionDef):
            yield node.name, node, getattr(_core, node.name)
        elif isinstance(node, ast.ClassDef):
            cls = getattr(_core, node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name != "__init__":
                    yield f"{node.name}.{item.name}", item, getattr(cls, item.name)


def signature_from_doc(name, obj):
    """[(arg, type)], return type: the first line of pybind11's docstring."""
    first = (obj.__doc__ or "").strip().splitlines()[0]
    match = re.fullmatch(rf"{re.escape(name)}\((.*)\) -> (.+)", first)
    assert match, f"{name}: no signature in {first!r}"
    args, depth, current = [], 0, ""
    for ch in match.group(1):
        if ch == "," and depth == 0:
            args.append(current)
            current = ""
            continue
        depth += ch in "[("
        depth -= ch in "])"
        current += ch
    if current.strip():
        args.append(current)
    parsed = []
    for arg in args:
        arg_name, _, rest = arg.strip().partition(":")
        parsed.append((arg_name.strip(), rest.split("=")[0].strip()))
    return parsed, match.group(2)


NUMBER = {"float", "int"}  # a stub may widen int to float where pybind11 converts


def same_type(stub_type, ext_type):
    a, b = base_type(stub_type), base_type(ext_type)
    if b == "object" or a == "any" or a == "callable" and b == "object":
        return True
    return a == b or (a in NUMBER and b in NUMBER and a == "float")


def test_stub_signatures_and_return_types_are_the_extensions():
    checked = 0
    for name, node, obj in stub_callables():
        ext_args, ext_return = signature_from_doc(name.split(".")[-1], obj)
        stub_args = [(a.arg, ast.unparse(a.annotation) if a.annotation else "Any") for a in node.args.args]
        if ext_args and ext_args[0][0] == "self":
            ext_args = ext_args[1:]
            stub_args = stub_args[1:]
        assert [a for a, _ in stub_args] == [a for a, _ in ext_args], f"{name}: arguments {stub_args} vs {ext_args}"
        for (arg, stub_type), (_, ext_type) in zip(stub_args, ext_args):
            assert same_type(stub_type, ext_type), f"{name}({arg}): stub {stub_type}, extension {ext_type}"
        stub_return = ast.unparse(node.returns) if node.returns else "None"
        assert same_type(stub_return, ext_return), f"{name}: returns {ext_return}, stub says {stub_return}"
        checked += 1
    assert checked >= 20
