"""JSON schemas in the form providers' structured-output features require."""

from __future__ import annotations

from typing import Any


def strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` made valid for OpenAI's strict mode, without changing what it accepts.

    Strict mode needs every object to list all its properties as required, to forbid others,
    and no defaults. The judges' output models forbid extra fields; the few defaults they have
    only make parsing tolerant of replies from servers without strict mode, so requiring every
    field here asks strict-mode providers for the complete shape.
    """

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            out = {key: walk(value) for key, value in node.items() if key != "default"}
            if out.get("type") == "object" and "properties" in out:
                out["additionalProperties"] = False
                out["required"] = list(out["properties"])
            return out
        if isinstance(node, list):
            return [walk(item) for item in node]
        return node

    result: dict[str, Any] = walk(schema)
    return result
