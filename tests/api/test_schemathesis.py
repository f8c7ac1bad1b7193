"""schemathesis against the live server's OpenAPI document: no 500s, every error a clear 4xx.

The generated requests carry the operator token, so the commands are exercised too (on a
game started for the purpose); the game is re-checked through the rules afterwards.
"""

from __future__ import annotations

import json

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from referee.replay import loads

from .conftest import PLAYERS, Server


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    # schemathesis also sends wrong tokens (to check that auth is not ignored): a high limit keeps
    # the failed-auth lock-out from turning the rest of the run into 429s
    srv = Server(tmp_path_factory.mktemp("st") / "st.sqlite", extra_args=("--auth-fail-limit", "100000")).start()
    with httpx.Client(base_url=srv.base) as c:
        r = c.post("/api/games", json={"players": PLAYERS, "banker": 0}, headers=srv.headers())
        srv.game_id = r.json()["game_id"]
        c.post(f"/api/games/{srv.game_id}/plays", json={"seat": 0, "tiles": ["6-6"]}, headers=srv.headers())
    yield srv
    srv.stop()


@schemathesis.check
def clear_4xx(ctx, response, case):
    """Every error is a 4xx with a JSON body naming it: {"error": code, "message": words}."""
    if response.status_code >= 500:
        raise AssertionError(f"server error {response.status_code}")
    if 400 <= response.status_code < 500:
        body = json.loads(response.content)
        if not (isinstance(body.get("error"), str) and isinstance(body.get("message"), str) and body["message"]):
            raise AssertionError(f"unclear error body: {response.content[:200]!r}")


def _fuzz(live, op, mode, path_parameters, failures: list[str]) -> None:
    strategy = op.as_strategy(generation_mode=mode, path_parameters=path_parameters or None)

    @given(case=strategy)
    @settings(max_examples=5, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def run(case):
        try:
            case.call_and_validate(
                base_url=live.base, headers=live.headers(), additional_checks=[clear_4xx],
                # the rules refuse many schema-valid plays (409): that is not a failure
                excluded_checks=[positive_data_acceptance])
        except Exception as exc:  # collect every operation's failure, then report them all
            failures.append(f"{op.label} [{mode.value}]: {str(exc)[:600]}")
            raise

    try:
        run()
    except Exception:
        pass


def test_api_conforms(live):
    # (schemathesis' own pytest plugin does not load under this pytest; its strategies and
    # checks are driven directly with Hypothesis instead.)
    schema = schemathesis.openapi.from_url(f"{live.base}/openapi.json")
    failures: list[str] = []
    ops = [r.ok() for r in schema.get_all_operations()]
    assert len(ops) >= 25
    for op in ops:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            _fuzz(live, op, mode, None, failures)
            if "{game_id}" in op.path and mode is GenerationMode.POSITIVE:
                _fuzz(live, op, mode, {"game_id": live.game_id}, failures)  # the real game too
    assert not failures, "\n".join(f.split(":")[0] for f in failures) + "\n\n" + "\n\n".join(failures[:6])


def test_game_intact_after_fuzzing(live):
    with httpx.Client(base_url=live.base) as c:
        r = c.get(f"/api/games/{live.game_id}/replay.jsonl", params={"variant": "full"}, headers=live.headers())
        assert r.status_code == 200
        assert loads(r.text).events[0]["type"] == "game_started"
