"""`turnlog serve` describes itself at /openapi.json: every route with its methods, nothing else, in a
document an OpenAPI validator accepts."""

from __future__ import annotations

import re

import pytest

from serve_helpers import needs_starlette

needs_starlette()

from starlette.routing import Route  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from turnlog.engine.faces.serve.app import build  # noqa: E402
from turnlog.engine.faces.serve.games import Games  # noqa: E402


@pytest.fixture
def served(tmp_path):
    app = build(Games(tmp_path / "games"))
    with TestClient(app) as c:
        yield app, c.get("/openapi.json").json()


def _routes(app) -> set[tuple[str, str]]:
    out = set()
    for r in app.routes:
        assert isinstance(r, Route)
        path = re.sub(r"\{(\w+):\w+\}", r"{\1}", r.path)
        out |= {(path, m.lower()) for m in r.methods or () if m != "HEAD"}
    return out


def test_every_route_is_described_with_its_methods_and_nothing_else(served):
    app, doc = served
    described = {(p, m) for p, ops in doc["paths"].items() for m in ops}
    assert described == _routes(app)


def test_each_operation_names_its_path_parameters_and_refusals(served):
    _app, doc = served
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            names = {p["name"] for p in op.get("parameters", ()) if p["in"] == "path"}
            assert names == set(re.findall(r"\{(\w+)\}", path)), (path, method)
            if method == "post":
                assert any(code.startswith("4") for code in op["responses"]), path


def test_the_description_is_valid_openapi(served):
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(served[1])


def test_each_operation_has_its_own_id_and_a_creation_links_to_every_operation_on_its_game(served):
    _app, doc = served
    ops = {op["operationId"]: (path, op) for path, by in doc["paths"].items() for op in by.values()}
    assert len(ops) == sum(len(by) for by in doc["paths"].values())  # each id once
    links = doc["paths"]["/api/games"]["post"]["responses"]["201"]["links"]
    on_a_game = {i for i, (path, op) in ops.items() if "{gid}" in path
                 and "text/event-stream" not in op["responses"]["200"]["content"]}
    assert set(links) == on_a_game and "get_game_due" in links and "post_game_commands" in links
    assert all(link["parameters"] == {"gid": "$response.body#/id"} for link in links.values())


def test_a_creations_scenario_names_the_bundled_scenarios(served):
    from turnlog.engine.scenario import bundled_names

    name, _upload = served[1]["components"]["schemas"]["Creation"]["properties"]["scenario"]["anyOf"]
    assert name["enum"] == bundled_names() and "bridgehead-14-65" in name["enum"]
