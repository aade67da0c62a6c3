"""The words a negation's scope is read by (:func:`~pytest_faithful.text.terms._negated_bag`,
:mod:`~pytest_faithful.text.clause_readings`): what ends a clause, what opens one, and the
verbs and words around a negation that decide what it governs. Closed lists, one place.
"""

from __future__ import annotations

# A dash ends a clause too: "Probably not — the trail will be closed" negates no trail; so does
# a spaced hyphen or en dash ("Not much - they can survive without drinking").
CLAUSE_PUNCTUATION = frozenset(";:()[]|\u2014-\u2013")
# "without" negates its object, no more: its scope ends at a comma or at the verb of the
# clause it is in ("straining without passing anything can be a sign of ..."; "without
# drinking water, obtaining moisture from ..."). And a "doesn't" whose verb is left out ends
# at the verb after it, which do-support would have written bare ("anyone who doesn't faces
# a fine").
OBJECT_ONLY = frozenset({"without"})
# A negation of a pronoun alone, set off by a comma, negates that and no more: "please contact
# us, not them, on 0800 ..." negates no number.
OBJECT_PRONOUNS = frozenset("it them this that these those him her us me you".split())  # noqa: SIM905
# Words that open another clause, ending a negation's scope ("is not open but the cafe is").
CLAUSE_WORDS = frozenset(
    "but however although though whereas while yet which who whom whose because since unless "  # noqa: SIM905
    "until except instead rather when where whereby so then".split()
)
# A comma or "and" followed by one of these starts a new clause ("..., and it is").
SUBJECTS = frozenset("it he she they we i you there this these those".split())  # noqa: SIM905
JOINTS = frozenset({",", "and", "or", "nor", "but", "so"})
# A verb opening a predicate of its own after a comma or "and" ("has no TVs, and is good for
# groups"; "is not required, credit cards are accepted"): no negation before it governs it.
FINITE = frozenset("is are was were has have had".split())  # noqa: SIM905
SUBJECT_WORDS = 3
# "not only X but also Y" states X.
NOT_NEGATING = frozenset({"only", "just", "merely", "simply"})
# "half a turn, no more, and check it": a bound on the amount before it, said after it; the
# clause goes on unnegated.
AFTERTHOUGHT_BOUNDS = frozenset({"more", "less", "fewer", "later", "earlier", "longer", "sooner"})
# A "doesn't" whose verb may be left out, and the words a relative clause opens with.
DOES_NOT, RELATIVES = frozenset({"doesn't", "doesn\u2019t"}), frozenset({"that", "who", "which"})
# The most words an aside after a negation holds ("shall not, for twelve months after leaving
# the company, solicit").
ASIDE_WORDS = 12
# The negations an aside may follow: a verb's ("shall not, ...", "cannot, ..."), not an
# answer's "No, we do not ship ..." nor a "never, ever".
ASIDE_NEGATIONS = frozenset({"not", "cannot"})
# Words that open, after a comma, what a negation's clause says instead: "did not test the drug
# in children, only in adults" negates no adults.
CONTRASTING = frozenset({"only", "just", "merely", "instead"})
# Words that say when, not open a clause, between a negation and its verb: "is not yet
# profitable", "none has yet been approved", "were not then awarded".
WHEN = frozenset({"yet", "then"})
# Words that open a condition: its negation ends with it, at the comma before the main clause
# ("If nobody is in, the courier will leave it with a neighbour" negates no leaving).
CONDITIONS = frozenset({"if", "when", "whenever", "once", "unless"})
# A verb's negation follows one ("was not"); a contrast ("a refund, not a replacement") does not.
AUXILIARIES = FINITE | frozenset(
    "be been am do does did can could will would shall should must may might".split()  # noqa: SIM905
)
# A modal opens a predicate as a finite verb does: "free of charge, and outdoor workers should
# wear them" negates no wearing.
OPENING_MODALS = frozenset("should must can will shall may might could would".split())  # noqa: SIM905
