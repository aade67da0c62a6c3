"""Canned model output, as a real LLM behind this app would generate it.

``GROUNDED`` is what the production prompt produces: answers that stay close to the retrieved
help-centre text. ``REGRESSED`` is what a cheaper model (or a careless prompt change) produced for
some of the same questions: each answer reads just as fluently but carries one planted
hallucination, noted in the comment above it. The tests in ``examples/`` use both.

``SAMPLED`` and ``SAMPLED_REGRESSED`` are the same two models answering with temperature: each
question has several samples, and a run of the app gets one of them (``SampledModel``).
"""

from __future__ import annotations

GROUNDED: dict[str, str] = {
    "How long do I have to return an item?": (
        "You can return most items within 30 days of delivery for a full refund. "
        "Items must be unused and in their original packaging, with all tags and accessories "
        "included. To start a return, sign in to your account, open the order and choose "
        '"Return items", and we will email you a prepaid return label. Keep in mind that a return '
        "shipping fee of $5.95 is deducted from your refund unless the item arrived damaged or "
        "faulty."
    ),
    "When will I get my refund?": (
        "Refunds go back to the original payment method. We issue the refund within 5 business "
        "days of receiving your return. After that, your bank may take a further 3 to 10 business "
        "days to show it."
    ),
    "Do I have to pay for return shipping?": (
        "Yes, a return shipping fee of $5.95 is deducted from your refund. The fee is waived if "
        "the item arrived damaged or faulty, or if we sent you the wrong item."
    ),
    "Do you ship to Canada?": (
        "Yes, we ship to Canada, as well as to the United States, the United Kingdom and all "
        "member states of the European Union. Standard delivery to Canada takes 5 to 8 business "
        "days. International orders ship with DHL Express, and you get a tracking number by email "
        "as soon as your order leaves our warehouse."
    ),
    "Do you ship to Australia?": (
        "No, we currently do not ship to Australia, New Zealand or anywhere in Asia. We ship to "
        "the United States, Canada, the United Kingdom and all member states of the European "
        "Union."
    ),
    "How much does shipping cost?": (
        "Standard shipping costs $4.95 within the United States, and it is free on orders over "
        "$50. If you need your order sooner, express shipping costs $14.95 and delivers within "
        "2 business days. Customers outside the United States may also have to pay import duties "
        "and taxes, which are not included in our shipping costs."
    ),
    "What does the warranty cover?": (
        "All Larkfield appliances come with a 2-year limited warranty from the date of delivery, "
        "and furniture and home textiles are covered for 1 year. The warranty covers defects in "
        "materials and workmanship under normal household use, but it does not cover accidental "
        "damage, normal wear and tear, or commercial use. If you want cover for accidental "
        "damage, Larkfield Care extends the warranty on appliances by 3 years for $29."
    ),
    "My blender is faulty. Can I return it or is it covered by the warranty?": (
        "You can return it, and because the blender is faulty, the $5.95 return shipping fee is "
        "waived. Faulty items that are past the 30-day return window are covered by the warranty "
        "instead. All Larkfield appliances come with a 2-year limited warranty from the date of "
        "delivery. If your claim is approved, we will repair the item, replace it with the same "
        "or an equivalent model, or refund the purchase price if neither repair nor replacement "
        "is possible."
    ),
    "How do I delete my account?": (
        'To delete your account, go to Account settings > Privacy and choose "Delete account". '
        "We erase your personal data within 30 days of your request. However, we keep order and "
        "payment records for 7 years, because tax law requires it."
    ),
    "Do you sell my personal data?": (
        "No, we never sell your personal data to third parties. We use your personal data only "
        "to process your orders, provide customer support and, if you opt in, send you "
        "marketing emails. You can unsubscribe from marketing emails at any time with the link "
        "at the bottom of every email."
    ),
    "When is customer support available?": (
        "Our support team is available by live chat and email from 8 am to 8 pm Eastern Time, "
        "Monday to Friday, and from 10 am to 4 pm on Saturdays. We answer most emails within "
        "1 business day. Live chat is available from the Help button at the bottom of every "
        "page once you are signed in."
    ),
}

REGRESSED: dict[str, str] = {
    # Wrong number: the policy says 30 days.
    "How long do I have to return an item?": (
        "You can return most items within 60 days of delivery for a full refund. "
        "Items must be unused and in their original packaging, with all tags and accessories "
        "included. To start a return, sign in to your account, open the order and choose "
        '"Return items", and we will email you a prepaid return label.'
    ),
    # Contradicted fact: returns are not free; a $5.95 return shipping fee is deducted.
    "Do I have to pay for return shipping?": (
        "No, there is no return shipping fee. To start a return, sign in to your account, open "
        'the order and choose "Return items". We will email you a prepaid return label.'
    ),
    # Invented entity: international orders ship with DHL Express; FedEx is never mentioned.
    "Do you ship to Canada?": (
        "Yes, we ship to Canada, as well as to the United States, the United Kingdom and all "
        "member states of the European Union. Standard delivery to Canada takes 5 to 8 business "
        "days. International orders ship with FedEx International Priority, and you get a "
        "tracking number by email as soon as your order leaves our warehouse."
    ),
    # Negation flipped: the shipping page says "We currently do not ship to Australia".
    "Do you ship to Australia?": (
        "Yes, we ship to Australia. We ship to the United States, Canada, the United Kingdom and "
        "all member states of the European Union."
    ),
}


SAMPLED: dict[str, tuple[str, ...]] = {
    "When will I get my refund?": (
        "Refunds go back to the original payment method. We issue the refund within 5 business "
        "days of receiving your return.",
        "We issue the refund within 5 business days of receiving your return, and your bank may "
        "take a further 3 to 10 business days to show it.",
        "Refunds go back to the original payment method within 5 business days of receiving "
        "your return. Your bank may take a further 3 to 10 business days to show it.",
        # One sample in four has the wrong number: refunds are issued within 5 business days.
        "We issue the refund within 2 business days of receiving your return. Refunds go back "
        "to the original payment method.",
    ),
}

SAMPLED_REGRESSED: dict[str, tuple[str, ...]] = {
    # Every sample names a carrier the shipping page never mentions for Canada (it says DHL
    # Express): a different hallucination in each run, each one caught.
    "Do you ship to Canada?": (
        "Yes, we ship to Canada. International orders ship with FedEx International Priority.",
        "Yes, we ship to Canada. Standard delivery to Canada takes 5 to 8 business days with "
        "Canada Post.",
        "Yes, we ship to Canada, and international orders ship with Purolator Express.",
    ),
}
