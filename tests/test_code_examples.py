"""The values an answer's code example makes up are its own; what the passages define is held.

An honest answer about an API writes example IDs, keys and parameter values
("``cus_8Hx2``", "``limit=50``", "``--timeout 600``") no passage states; a changed endpoint,
setting, flag or default stays caught (text/identifiers.py, ``without_examples``).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.identifiers import without_examples

PASSAGES = [
    "`GET /v2/orders` lists orders. `limit` (integer): orders per page, from 1 to 100. "
    "Defaults to 20. Each order's `id` starts with `ord_`; test keys start with `sk_test_`.",
    "`POST /v2/orders` creates an order; the body has `customer_id` and `items`, each with "
    "a `sku` and a `quantity`.",
    "`deployctl up --timeout SECONDS` waits for health checks (default 300). `max_retries` "
    "sets how often the client retries (default 3).",
]
JUDGE = quoting_the_best_passage()
FENCE = "```"

# (the honest answer, the same answer with something the passages define changed)
EXAMPLES = {
    "an ID and a key after a prefix the passages give": (
        f"{FENCE}bash\ncurl -H 'Authorization: Bearer sk_test_4eC39HqLy' "
        f"/v2/orders/ord_9f8e7d\n{FENCE}",
        f"{FENCE}bash\ncurl -H 'Authorization: Bearer sk_tst_4eC39HqLy' "
        f"/v2/orders/ord_9f8e7d\n{FENCE}",
    ),
    "an ID in a request body": (
        f'{FENCE}json\n{{"customer_id": "cus_8Hx2", "items": [{{"sku": "MUG-01", '
        f'"quantity": 2}}]}}\n{FENCE}',
        f'{FENCE}json\n{{"customer_uuid": "cus_8Hx2", "items": [{{"sku": "MUG-01", '
        f'"quantity": 2}}]}}\n{FENCE}',
    ),
    "a flag's value in a command": (
        f"{FENCE}bash\ndeployctl up --timeout 600\n{FENCE}",
        f"{FENCE}bash\ndeployctl up --wait 600\n{FENCE}",
    ),
    "a setting's value in a call": (
        f"{FENCE}python\nclient = acme.Client(max_retries=5)\n{FENCE}",
        f"{FENCE}python\nclient = acme.Client(retry_count=5)\n{FENCE}",
    ),
    "a query parameter in inline code, and the default in prose": (
        "Call `GET /v2/orders?limit=50`; `limit` defaults to 20.",
        "Call `GET /v2/orders?limit=50`; `limit` defaults to 25.",
    ),
    "a default the prose states in inline code": (
        "The timeout defaults to `--timeout 300` seconds.",
        "The timeout defaults to `--timeout 120` seconds.",
    ),
}


@pytest.mark.parametrize("form", sorted(EXAMPLES))
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_an_examples_own_values_pass_and_a_changed_definition_is_caught(
    form: str, rules: str
) -> None:
    honest, changed = EXAMPLES[form]
    assert verify(honest, PASSAGES, judge=JUDGE, rules=rules).passed
    assert not verify(changed, PASSAGES, judge=JUDGE, rules=rules).passed


def test_a_status_compared_or_given_is_held_to_the_passages() -> None:
    code = f"{FENCE}python\nif resp.status_code == 420:\n    x = {{'status': 420}}\n{FENCE}"
    assert without_examples(code, ["`limit`, `status` and `status_code`"]) == code


_ID = st.text("abcdefXYZ0123456789", min_size=1, max_size=12)


@given(
    prefix=st.sampled_from(["cus_", "sk_test_", "whsec_"]), rest=_ID, figure=st.integers(0, 10**6)
)
def test_ids_after_a_stated_prefix_and_given_figures_drop_others_stay(
    prefix: str, rest: str, figure: int
) -> None:
    passages = [f"IDs start with `{prefix}`. `limit` sets the page size."]
    code = f"{FENCE}\nget({prefix}{rest}, limit={figure}, page_size={figure})\n{FENCE}"
    assert without_examples(code, passages) == (
        f"{FENCE}\nget({prefix}, limit=, page_size={figure})\n{FENCE}"
    )
    other = f"{FENCE}\nget(pk_{rest}, limit={figure})\n{FENCE}"
    assert f"pk_{rest}" in without_examples(other, passages)
