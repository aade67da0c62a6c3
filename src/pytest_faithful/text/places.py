"""Tables of general knowledge that names in another form are read with
(:mod:`~pytest_faithful.text.names`): the US states by their postal codes, the weekdays and
months, and the North American time zones by their names and letters; and the places a text
written without capitals names all the same (:mod:`~pytest_faithful.text.name_words`): the
countries and the larger cities. Data only, no reading.
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

# The weekdays and the months.
DAY_AND_MONTH_NAMES = (
    *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
    *("january", "february", "march", "april", "may", "june", "july", "august"),
    *("september", "october", "november", "december"),
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

# The world's countries by their everyday English names, general knowledge: a text written
# without capitals names them in lower case all the same ("they formed in manchester"), where
# case cannot say they are names (text/name_words.py). Words that English also writes as common
# ones ("turkey", "chad") are left out: in lower case they name nothing for certain.
COUNTRIES = frozenset(
    """
    afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan
    bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan bolivia bosnia
    botswana brazil brunei bulgaria burundi cambodia cameroon canada chile china colombia
    comoros congo croatia cuba cyprus czechia denmark djibouti dominica ecuador egypt eritrea
    estonia eswatini ethiopia fiji finland france gabon gambia germany ghana greece grenada
    guatemala guyana haiti honduras hungary iceland india indonesia iran iraq ireland
    israel italy jamaica japan kazakhstan kenya kiribati kosovo kuwait kyrgyzstan laos latvia
    lebanon lesotho liberia libya liechtenstein lithuania luxembourg madagascar malawi malaysia
    maldives mali malta mauritania mauritius mexico micronesia moldova monaco mongolia
    montenegro morocco mozambique myanmar burma namibia nauru nepal netherlands nicaragua niger
    nigeria norway oman pakistan palau palestine panama paraguay peru philippines poland
    portugal qatar romania russia rwanda samoa senegal serbia seychelles singapore slovakia
    slovenia somalia spain sudan suriname sweden switzerland syria taiwan tajikistan tanzania
    thailand togo tonga tunisia turkmenistan tuvalu uganda ukraine uruguay uzbekistan vanuatu
    venezuela vietnam yemen zambia zimbabwe england scotland wales
    """.split()  # noqa: SIM905
) | frozenset(
    (
        "bosnia and herzegovina",
        "burkina faso",
        "cape verde",
        "central african republic",
        "costa rica",
        "dominican republic",
        "east timor",
        "el salvador",
        "equatorial guinea",
        "ivory coast",
        "new zealand",
        "north korea",
        "north macedonia",
        "papua new guinea",
        "saudi arabia",
        "sierra leone",
        "solomon islands",
        "south africa",
        "south korea",
        "south sudan",
        "sri lanka",
        "united arab emirates",
        "united kingdom",
        "united states",
        "northern ireland",
    )
)

# The capitals of the larger countries and the world's most populous cities, general knowledge
# like the countries above; words English also writes as common ones ("nice", "reading") are
# left out.
CITIES = frozenset(
    """
    london paris berlin madrid rome lisbon dublin amsterdam brussels vienna prague warsaw
    budapest athens stockholm oslo copenhagen helsinki moscow kyiv kiev istanbul ankara cairo
    lagos nairobi johannesburg tokyo osaka kyoto beijing shanghai shenzhen seoul delhi mumbai
    bangalore kolkata karachi lahore dhaka jakarta manila bangkok hanoi singapore sydney
    melbourne brisbane perth auckland toronto montreal vancouver ottawa chicago houston boston
    seattle philadelphia atlanta dallas miami detroit denver baltimore nashville
    manchester liverpool birmingham glasgow edinburgh barcelona milan munich hamburg frankfurt
    zurich geneva venice florence naples marseille lyon havana tehran baghdad riyadh dubai
    jerusalem beirut damascus lima bogota santiago caracas
    """.split()  # noqa: SIM905
) | frozenset(
    (
        "new york",
        "los angeles",
        "san francisco",
        "new orleans",
        "las vegas",
        "san diego",
        "mexico city",
        "buenos aires",
        "rio de janeiro",
        "sao paulo",
        "hong kong",
        "cape town",
        "tel aviv",
        "kuala lumpur",
    )
)
