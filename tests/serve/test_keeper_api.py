"""The score keeper's API (POST /api/keeper) through Flask's test client and the back end in the browser, and its
page (GET /keeper): a game kept turn by turn as GCG text, refusals in one line with the record unchanged."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("flask")

from printkit.config import load_kit  # noqa: E402
from printkit.engine.gcg import TURN_KINDS, parse_gcg, read_gcg  # noqa: E402
from printkit.engine.replay import replay  # noqa: E402
from printkit.serve import answers, app as serve_app  # noqa: E402
from printkit.serve.app import TOKEN_META, create_app  # noqa: E402
from printkit.serve.sessions import Store  # noqa: E402
from printkit.site import backend  # noqa: E402

DATA = Path(__file__).parents[1] / "data" / "gcg"
TOURNAMENT = "extends: scrabble-en\nname: scrabble-en\nrules:\n  extends: scrabble\n  end_award: 2\n"


@pytest.fixture
def store(tmp_path):
    s = Store(root=str(tmp_path))
    yield s
    s.close()


@pytest.fixture
def client(store):
    app = create_app(store)
    c = app.test_client()
    c.environ_base["HTTP_X_PRINTKIT_TOKEN"] = app.config["PRINTKIT_TOKEN"]
    c.app = app
    yield c
    app.extensions["printkit_pool"].close()


def keep(client, status=200, language=None, **body):
    body.setdefault("kit", "erudit")
    headers = {"X-Printkit-Language": language} if language else {}
    r = client.post("/api/keeper", json=body, headers=headers)
    assert r.status_code == status, r.get_data(as_text=True)[:500]
    return r.get_json()


def test_a_game_through_the_api(client):
    new = keep(client, players=["Аня", "Боря"])
    assert new["ok"] and new["game"]["players"] == [{"name": "Аня", "total": 0}, {"name": "Боря", "total": 0}]
    assert new["game"]["next"] == 0 and new["game"]["moves"] == [] and new["game"]["language"] == "ru"
    assert "#game-type erudit" in new["gcg"] and "#player2 Боря Боря" in new["gcg"]
    one = keep(client, gcg=new["gcg"], turn={"kind": "place", "move": "8H КОТ"})
    game = one["game"]
    assert set(game) >= {"players", "next", "over", "rows", "cols", "board", "premiums", "moves", "unseen",
                         "unseen_total", "language"}
    move = game["moves"][0]
    assert move["kind"] == "place" and move["text"] == "8H КОТ" and move["player"] == 0
    assert move["words"][0]["word"] == "КОТ" and move["words"][0]["explain"].startswith("К")
    assert game["players"][0]["total"] == move["score"] == move["total"] and game["next"] == 1
    assert game["board"][7][7:10] == ["К", "О", "Т"]
    # the game as it is, read again; then a refused turn: one line, the record as it was
    assert keep(client, gcg=one["gcg"])["game"] == game
    refused = keep(client, 422, gcg=one["gcg"], turn={"kind": "place", "move": "1A ЖУК"})
    assert refused == {"ok": False, "gcg": one["gcg"], "errors": [
        {"text": "A1–C1: not joined: every word after the first takes in a tile already on the board"}]}
    said = keep(client, 422, language="ru", gcg=one["gcg"], turn={"kind": "place", "move": "1A ЖУК"})
    assert said["errors"][0]["text"].startswith("A1–C1: не примыкает")
    two = keep(client, gcg=one["gcg"], turn={"kind": "challenge"})
    assert two["game"]["players"][0]["total"] == 0 and two["game"]["next"] == 1
    assert keep(client, gcg=two["gcg"], turn={"kind": "undo"})["gcg"] == one["gcg"]


def test_a_public_game_turn_by_turn_through_the_api_and_its_export():
    """macondo's doug_v_emely (a withdrawn phony, the tournament's end) sent a turn at a time with the kit as
    YAML, as the page sends an edited kit: the totals after every turn are the record's."""
    record = read_gcg(DATA / "macondo__doug_v_emely.gcg")
    names = [p.name for p in record.players]
    first = {"kit": "scrabble-en", "yaml": TOURNAMENT, "players": names}
    gcg = answers.keeper(lambda: first, "en", Store()).data["gcg"]
    totals = {p.number: 0 for p in record.players}
    events = list(record.events)
    for i, e in enumerate(events):
        if e.kind == "end_rack":
            turn = {"kind": "end", "racks": ["", e.tiles] if e.seat == 1 else [e.tiles, ""]}
        elif e.kind == "placement":
            turn = {"kind": "place", "move": " + ".join(f"{g.position} {g.word}" for g in e.groups)}
        elif e.kind == "withdrawn":
            turn = {"kind": "challenge"}
        else:
            assert e.kind in TURN_KINDS
            turn = {"kind": e.kind, **({"tiles": e.tiles or str(e.count)} if e.kind == "exchange" else {})}
        body = json.dumps({"kit": "scrabble-en", "yaml": TOURNAMENT, "gcg": gcg, "turn": turn}, ensure_ascii=False)
        answer = answers.keeper(lambda: answers.parse_json(body), "en", Store())
        assert answer.status == 200, answer.data
        gcg = answer.data["gcg"]
        totals[e.seat] = e.cumulative
        assert [p["total"] for p in answer.data["game"]["players"]] == list(totals.values()), (e.line, turn)
    assert answer.data["game"]["over"] and answer.data["game"]["next"] is None
    kit = load_kit("scrabble-en")
    result = replay(parse_gcg(gcg, "export.gcg"), replace(kit, rules=replace(kit.rules, end_award=2)))
    assert result.differ == 0 and result.moves == len(events)


@pytest.mark.parametrize("body, status, why", [
    ({"players": "Аня"}, 400, "the players are a list of names"),
    ({"players": [1, 2]}, 400, "the players are a list of names"),
    ({"turn": {"kind": "jump"}}, 400,
     "a turn is one of place, pass, exchange, challenge, bonus, undo, end; not 'jump'"),
    ({"turn": ["pass"]}, 400, "a turn is one of"),
    ({"gcg": 5}, 400, "the game record (gcg) is text in GCG"),
    ({"gcg": "not a game\n"}, 422, "the game record cannot be read: GCG:1: neither a pragma"),
    ({"gcg": DATA.joinpath("quackle__boys1.gcg").read_text(encoding="utf-8")}, 422, "the set has no tile"),
    ({"turn": {"kind": "challenge"}}, 422, "there is no play to withdraw"),
    ({"turn": {"kind": "place", "move": "8H ЖЖЖ"}}, 422, "too many Ж: the set has 2, 0 of them on the board"),
    ({"turn": {"kind": "place", "move": "8A КОТ"}}, 422, "the first move covers the start square H8"),
    ({"kit": "nothing"}, 400, "nothing"),
    ({"yaml": "extends: erudit\nname: erudit\nphysical: {tile_mm: -3}\n"}, 422, "kit.yaml:3"),
])
def test_what_the_api_refuses_is_one_line(client, body, status, why):
    r = keep(client, status, **body)
    assert not r["ok"] and len(r["errors"]) == 1 and why in r["errors"][0]["text"], r
    assert "\n" not in r["errors"][0]["text"]
    if isinstance(body.get("gcg"), str):
        assert r["gcg"] == body["gcg"]


def test_ten_megabytes_of_gcg_are_refused_in_one_line(client):
    big = "#note " + "x" * 10_000_000 + "\n"
    r = keep(client, 422, gcg=big)
    assert r["errors"] == [{"text": "the game record is 10000007 characters long; the keeper takes at most 200000"}]


def test_a_turn_after_the_end_is_refused(client):
    game = keep(client, players=["Аня", "Боря"])
    game = keep(client, gcg=game["gcg"], turn={"kind": "place", "move": "8H КОТ"})
    over = keep(client, gcg=game["gcg"], turn={"kind": "end", "racks": ["", "ЖЭ"]})
    assert over["game"]["over"] and over["game"]["next"] is None
    assert [m["kind"] for m in over["game"]["moves"]] == ["place", "end", "end"]
    r = keep(client, 422, gcg=over["gcg"], turn={"kind": "pass"})
    assert r["errors"] == [{"text": "the game is over: undo its end to play on"}] and r["gcg"] == over["gcg"]


def test_the_keeper_needs_the_runs_token_and_json(client):
    bare = client.app.test_client()
    r = bare.post("/api/keeper", json={"kit": "erudit"})
    assert r.status_code == 403
    r = client.post("/api/keeper", data="not json", content_type="text/plain")
    assert r.status_code == 400 and r.get_json()["errors"] == [{"text": "the request must be JSON"}]
    r = client.post("/api/keeper", data="{", content_type="application/json")
    assert r.status_code == 400


def test_the_back_end_in_the_browser_answers_the_same(client):
    body = json.dumps({"kit": "erudit", "players": ["Аня", "Боря"], "turn": None})
    served = keep(client, players=["Аня", "Боря"])
    got = backend.handle("POST", "/api/keeper", "ru", body)
    assert got["status"] == 200 and json.loads(got["text"]) == served
    refused = backend.handle("POST", "/api/keeper", "ru", json.dumps({"kit": "erudit", "turn": {"kind": "undo"}}))
    assert refused["status"] == 422 and json.loads(refused["text"])["errors"] == [
        {"text": "отменять нечего: ходов ещё не было"}]
    assert backend.handle("POST", "/api/keeper", "en", "{")["status"] == 400


def test_the_keepers_page_opens_as_the_page_does(store, tmp_path, monkeypatch):
    """GET /keeper: by the address with the token (kept in a cookie, dropped from the address, the kit kept),
    then by its cookie, the token in its meta tag. (The page itself is another part's: a stand-in here.)"""
    static = tmp_path / "static"
    static.mkdir()
    (static / "keeper.html").write_text(f"<!DOCTYPE html><html><head>{TOKEN_META}</head><body>keeper</body></html>",
                                        encoding="utf-8")
    monkeypatch.setattr(serve_app, "STATIC", static)
    app = create_app(store)
    token = app.config["PRINTKIT_TOKEN"]
    bare = app.test_client()
    try:
        assert bare.get("/keeper").status_code == 403
        assert bare.get("/keeper?token=wrong").status_code == 403
        r = bare.get(f"/keeper?kit=erudit&token={token}")
        assert r.status_code == 303 and r.headers["Location"] == "/keeper?kit=erudit"
        assert r.headers["Set-Cookie"].startswith(f"printkit={token};")
        html = bare.get("/keeper?kit=erudit").get_data(as_text=True)
        assert f'<meta name="printkit-token" content="{token}">' in html and "keeper" in html
        assert bare.get(f"/keeper?token={token}").headers["Location"] == "/keeper"
    finally:
        app.extensions["printkit_pool"].close()
