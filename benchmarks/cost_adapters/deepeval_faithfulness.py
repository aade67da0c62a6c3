"""DeepEval FaithfulnessMetric over an OpenAI-compatible server, through DeepEval's LocalModel.

``LocalModel`` is what ``deepeval set-local-model`` configures: plain chat completions, JSON
asked for in the prompt and parsed from the reply. The metric's defaults are kept
(``include_reason=True``): truths from the contexts, claims from the answer, one verdict request,
one reason request. ``async_mode=False`` only orders the same requests one after another, which
is all a one-slot llama.cpp server does with them anyway.

    python deepeval_faithfulness.py --input ex.json --output out.jsonl \
        --base-url http://127.0.0.1:8090/c/deepeval/{evaluation}/v1 --model MODEL
"""

from __future__ import annotations

import argparse
import os

# Before deepeval is imported: it reads its settings (and may phone home) at import time.
os.environ.setdefault("DEEPEVAL_TELEMETRY_OPT_OUT", "YES")
os.environ.setdefault("DEEPEVAL_UPDATE_WARNING_OPT_IN", "NO")  # no version check on PyPI
os.environ.setdefault("DEEPEVAL_DISABLE_DOTENV", "YES")  # no settings from a stray .env
# DeepEval cancels an attempt after a per-attempt budget and retries it; a 1.5B model on two
# cores needs minutes for a long truths list, so the HTTP timeout alone decides, as for ours.
os.environ.setdefault("DEEPEVAL_DISABLE_TIMEOUTS", "YES")

from adapter_io import DUMMY_API_KEY, Example, Outcome, run_adapter
from deepeval.metrics import FaithfulnessMetric
from deepeval.models import LocalModel
from deepeval.test_case import LLMTestCase


def score_example(example: Example, args: argparse.Namespace) -> Outcome:
    # One model per example: its base URL carries the example id for the recording proxy.
    model = LocalModel(
        model=args.model,
        base_url=args.base_url.format(evaluation=example.id),
        api_key=DUMMY_API_KEY,
        generation_kwargs={"max_tokens": args.max_tokens},
        timeout=args.timeout,
    )
    metric = FaithfulnessMetric(model=model, async_mode=False)
    test_case = LLMTestCase(
        input=example.question,
        actual_output=example.answer,
        retrieval_context=example.context,
    )
    score = metric.measure(test_case, _show_indicator=False)
    claims = metric.claims or []
    usable = [v for v in metric.verdicts or [] if v is not None]
    return Outcome(score=score, statements=len(claims), verdicts=len(usable))


def main() -> int:
    return run_adapter(__doc__.splitlines()[0], score_example)


if __name__ == "__main__":
    raise SystemExit(main())
