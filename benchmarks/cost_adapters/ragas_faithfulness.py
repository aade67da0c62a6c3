"""RAGAS Faithfulness over an OpenAI-compatible server, the way RAGAS 0.4 documents it.

``ragas.metrics.collections.Faithfulness`` with ``llm_factory(MODEL, client=AsyncOpenAI(...))``:
one request breaks the answer into statements, one judges them all against the joined
contexts. RAGAS patches the client with Instructor in JSON mode (``response_format``
json_object); ``--instructor-mode md_json`` asks for JSON in the prompt only, as our judges'
``prompt`` mode does, for servers where grammar-constrained output is too slow.

    python ragas_faithfulness.py --input ex.json --output out.jsonl \
        --base-url http://127.0.0.1:8090/c/ragas/{evaluation}/v1 --model MODEL
"""

from __future__ import annotations

import argparse
import asyncio
import os

# Before ragas is imported: it reads these at import time.
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
os.environ.setdefault("HF_HUB_OFFLINE", "1")  # nothing may reach a model hub
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import instructor
from adapter_io import DUMMY_API_KEY, Example, Outcome, run_adapter
from openai import AsyncOpenAI
from ragas.llms.base import InstructorLLM, InstructorModelArgs, llm_factory
from ragas.metrics.collections import Faithfulness
from ragas.metrics.collections.faithfulness.util import NLIStatementOutput

INSTRUCTOR_MODES = {"json": instructor.Mode.JSON, "md_json": instructor.Mode.MD_JSON}


class CountingFaithfulness(Faithfulness):
    """RAGAS Faithfulness that also keeps how many statements it made and validly judged."""

    statements: int | None = None
    verdicts: int | None = None

    async def _create_statements(self, question: str, response: str) -> list[str]:
        statements = await super()._create_statements(question, response)
        self.statements = len(statements)
        return statements

    async def _create_verdicts(self, statements: list[str], context: str) -> NLIStatementOutput:
        verdicts = await super()._create_verdicts(statements, context)
        # RAGAS counts any truthy verdict as faithful; only 0 and 1 are verdicts it asked for.
        self.verdicts = sum(1 for v in verdicts.statements if v.verdict in (0, 1))
        return verdicts


def build_llm(client: AsyncOpenAI, args: argparse.Namespace) -> InstructorLLM:
    model_args = {"max_tokens": args.max_tokens}
    if args.instructor_mode == "json":  # RAGAS's own choice for OpenAI clients
        return llm_factory(args.model, client=client, **model_args)
    patched = instructor.from_openai(client, mode=INSTRUCTOR_MODES[args.instructor_mode])
    return InstructorLLM(
        client=patched,
        model=args.model,
        provider="openai",
        model_args=InstructorModelArgs(**model_args),
    )


def score_example(example: Example, args: argparse.Namespace) -> Outcome:
    # One client per example: its base URL carries the example id for the recording proxy.
    client = AsyncOpenAI(
        base_url=args.base_url.format(evaluation=example.id),
        api_key=DUMMY_API_KEY,
        timeout=args.timeout,
        max_retries=0,  # as our judges in the benchmark: a failed request is a result
    )
    metric = CountingFaithfulness(llm=build_llm(client, args))
    result = asyncio.run(
        metric.ascore(
            user_input=example.question,
            response=example.answer,
            retrieved_contexts=example.context,
        )
    )
    return Outcome(score=result.value, statements=metric.statements, verdicts=metric.verdicts)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--instructor-mode",
        choices=sorted(INSTRUCTOR_MODES),
        default="json",
        help="json: RAGAS's default (response_format json_object); md_json: JSON asked for in "
        "the prompt only. Default: %(default)s",
    )


def main() -> int:
    return run_adapter(__doc__.splitlines()[0], score_example, add_arguments)


if __name__ == "__main__":
    raise SystemExit(main())
