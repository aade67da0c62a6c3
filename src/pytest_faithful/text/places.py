"""Tables of general knowledge that names in another form are read with
(:mod:`~pytest_faithful.text.names`): the US states by their postal codes and the North American
time zones by their names and letters. Data only, no reading.
"""

from __future__ import annotations

# The US states by their postal codes ("Austin, TX" for "Austin, Texas"), general knowledge.
US_STATES = dict(
    pair.split(":")
    for pair in (  # noqa: SIM905
        "al:alabama ak:alaska az:arizona ar:arkansas ca:california co:colorado ct:connecticut "
        "de:delaware fl:florida ga:georgia hi:hawaii id:idaho il:illinois in:indiana ia:iowa "
        "ks:kansas ky:kentucky la:louisiana me:maine md:maryland ma:massachusetts mi:michigan "
        "mn:minnesota ms:mississippi mo:missouri mt:montana ne:nebraska nv:nevada "
        "nh:new_hampshire nj:new_jersey nm:new_mexico ny:new_york nc:north_carolina "
        "nd:north_dakota oh:ohio ok:oklahoma or:oregon pa:pennsylvania ri:rhode_island "
        "sc:south_carolina sd:south_dakota tn:tennessee tx:texas ut:utah vt:vermont va:virginia "
        "wa:washington wv:west_virginia wi:wisconsin wy:wyoming dc:washington"
    ).split()
)

# The North American time zones by their names and letters ("2pm ET" for "2 p.m. EST").
TIME_ZONES = {
    form: zone
    for zone, forms in (
        ("eastern", "eastern et est edt"),
        ("central", "central ct cst cdt"),
        ("mountain", "mountain mt mst mdt"),
        ("pacific", "pacific pt pst pdt"),
    )
    for form in forms.split()
}
