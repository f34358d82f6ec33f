"""The shared-task test sets (issue 31): where each file lives upstream, pinned to a commit and a
sha256, and each set's files, data version and protocol (:mod:`gecscope.setup.protocols`).

Public sets are fetched by ``gecscope download`` from their original repositories (the
destinations are the layout of ``shared/data/multilingual``). Licence-gated sets are never
fetched: :data:`GATED` says in one line what the user must get by hand and where; the user then
gives their copy with ``--test-set-file PATH`` (and ``--test-set-sha256 HEX`` to pin it), and
its sha256 goes into the signature.
"""

from __future__ import annotations

from typing import Any

UA_GEC = "grammarly/ua-gec/4757f72f192c4a41e4c8fb1d9690a948f87cf6d6"
UNLP = "unlp-workshop/unlp-2023-shared-task/fbff22905f8c9a3677c900d56599284151c029e6"
ESTGEC_L2 = "tlu-dt-nlp/EstGEC-L2-Corpus/c13d04adb6bc9f031a13163c2d1b87a297ca73e9"
ESTGEC = "TartuNLP/estgec/336473caaebcf592fad9ca924960d024e5dd70f2"
JFLEG = "keisks/jfleg/ee06ff806a208aba815ac45313f4e750a48330a5"
CWEB = "SimonHFL/CWEB/08d1da0ff2b78885b1f060b4fa11460a98eb9218"

INDICGEC = "Pramit18142/IndicGEC2025/9511374327974045f2e6ffc96c8789eb683972d0"
#: IndicGEC-2025 language code -> (its folder upstream, rows of its test.csv, sha256 of its test.csv)
INDICGEC_TESTS = {
    "hi": ("Hindi", 236, "b50b1c7e732885914562a5415f777154566c2a815530883e61b5b451f60ee194"),
    "bn": ("Bangla", 330, "c972cc835d09f550921698603b0aae4ae9a91ce8f2a0693ecd38955ddd81d718"),
    "ml": ("Malayalam", 102, "404277a66824d0b6d0ac9fc45eab4ebd5390d29705a12e0b8d1a0cfbd335c773"),
    "ta": ("Tamil", 65, "955d465484f978336b105b284bc529200c419e3758d2db6cb23d671d07fc6d15"),
    "te": ("Telugu", 310, "76e7e2e4ca6ddbbc0f47f8713262bfb8e79df9509714b830233b4014977533cf"),
}
ARABIC_GEC = "CAMeL-Lab/arabic-gec/8c7fb84f3ed84d1d30beb7080b02d0f6bfe1c5bf"
#: ZAEBUC's M2 (CC BY-NC-SA 4.0) as arabic-gec ships it: name -> (file, sha256)
ZAEBUC = {
    "zaebuc": ("zaebuc_test.m2", "9853075d4da16c791445502c2de1af6700fa9631df80041a2c6976eee8b32915"),
    "zaebuc-nopnx": ("zaebuc_test.nopnx.m2", "2856fc5e00398efcec49508cfa490727f3851f0974bdf539422143c2aedeefcc"),
    "zaebuc-dev": ("zaebuc_dev.m2", "4ab2ffdb9eaabaafe8d5a267c61d77f467498a1716afbefe994a192a364f92ff"),
    "zaebuc-dev-nopnx": ("zaebuc_dev.nopnx.m2", "5af783392393a03d2c6b70565f5e31335159c39f697a238fab491c6c279d9cd0"),
}
M = "multilingual/"
#: destination (under the data directory) -> (path under the base URL, sha256 at the pinned commit)
FILES: dict[str, tuple[str, str]] = {
    f"{M}ua-gec/gec-only.test.m2": (
        f"{UA_GEC}/data/gec-only/test/gec-only.test.m2",
        "bcac703d891986c2f325f9ec1e03e3f59aed4a513b7cf1a2e7e3dbc4e04983b9",
    ),
    f"{M}ua-gec/gec-fluency.test.m2": (
        f"{UA_GEC}/data/gec-fluency/test/gec-fluency.test.m2",
        "a7e91f93747492e4acda1fef261a948080228032f0871c0b3c14438f85397330",
    ),
    f"{M}unlp-2023/gec-only/valid.m2": (
        f"{UNLP}/data/gec-only/valid.m2",
        "153a003188ef3f0215046af94715eb12ead46da3c0a880e449602902dee924fb",
    ),
    f"{M}unlp-2023/gec-only/valid.src.tok": (
        f"{UNLP}/data/gec-only/valid.src.tok",
        "cbd5a486cf1bff0370e7f572723d556b2abf25c2875949028afbb9cbd0256343",
    ),
    f"{M}unlp-2023/gec-fluency/valid.m2": (
        f"{UNLP}/data/gec-fluency/valid.m2",
        "30f2a026bd1571ebcea9ce2e5e9a0c6172cdc3d35eb39de6ba079947bc4b5558",
    ),
    f"{M}unlp-2023/gec-fluency/valid.src.tok": (
        f"{UNLP}/data/gec-fluency/valid.src.tok",
        "e7b0d6efcb59036db9afa8648d4a801c560ccbfda87c9489bb01655aa1caad66",
    ),
    f"{M}estgec-l2/test/source_gold_test.txt": (
        f"{ESTGEC_L2}/test/source_gold_test.txt",
        "ffca83f800ef97d5211e39824692cb6db828d09aa98d84e38a744926a46a5eae",
    ),
    f"{M}estgec-l2/test/source_sentences_test.txt": (
        f"{ESTGEC_L2}/test/source_sentences_test.txt",
        "1f925e9e58069b22123cb318c5c3fb19b79d746708035d886fe8fbef816ee67c",
    ),
    f"{M}estgec/Tartu_L1_test/test_m2.txt": (
        f"{ESTGEC}/Tartu_L1_corpus/test/test_m2.txt",
        "d1eea75b4cc10872b58f8282ad8a357cd7a191fc37c6992c9148f38587991911",
    ),
    f"{M}jfleg/test/test.src": (
        f"{JFLEG}/test/test.src",
        "893db119162487aa7f956b65978453576919e6797cd6c1955f93b7a8b9f4bbd8",
    ),
    f"{M}jfleg/test/test.ref0": (
        f"{JFLEG}/test/test.ref0",
        "875953280a3ea1dea2827337b1778c0105f0c0aa79f2517a6e0e42db5e5e170c",
    ),
    f"{M}jfleg/test/test.ref1": (
        f"{JFLEG}/test/test.ref1",
        "190d3398f2765f54a39b5489d1e96c483412a656086c731f8712ad0591087d80",
    ),
    f"{M}jfleg/test/test.ref2": (
        f"{JFLEG}/test/test.ref2",
        "0e3c6abe934ccd16c9dffb2fd889d6f55afc3ad13a63c1e148c720bb4e99046b",
    ),
    f"{M}jfleg/test/test.ref3": (
        f"{JFLEG}/test/test.ref3",
        "19f49de6eff813b26505ecf756c20dc301aeb80696696b01ca950298f6e58441",
    ),
    f"{M}jfleg/dev/dev.src": (
        f"{JFLEG}/dev/dev.src",
        "4a0e8b86d18a1058460ff0a592dac1ba68986d135256efbd27e997ac43f295f8",
    ),
    f"{M}jfleg/dev/dev.ref0": (
        f"{JFLEG}/dev/dev.ref0",
        "adea6287c6e2240b7777e63cd56f8e228e742bbfb42c5152bc0bd2bc91f4e53e",
    ),
    f"{M}jfleg/dev/dev.ref1": (
        f"{JFLEG}/dev/dev.ref1",
        "d40d56ec7468ddab03fdcca97065ab3f9d391d749dbc7097b7c777a19ce4242e",
    ),
    f"{M}jfleg/dev/dev.ref2": (
        f"{JFLEG}/dev/dev.ref2",
        "b070691d633e0c4143d96ba21299ae71cb126086517d2970df47420842067793",
    ),
    f"{M}jfleg/dev/dev.ref3": (
        f"{JFLEG}/dev/dev.ref3",
        "9187fd834693fa77d07957991282d32d61ff84a207c25cbfab318c871bacdbc4",
    ),
    f"{M}cweb/CWEB-G.test.m2": (
        f"{CWEB}/data/m2/CWEB-G.test.m2",
        "0469935194e2220d0f9cc4f7d629aa2e5568585e8ba7d45ca2fb90018ff0314e",
    ),
    f"{M}cweb/CWEB-S.test.m2": (
        f"{CWEB}/data/m2/CWEB-S.test.m2",
        "9e63a88b946c400199ef14c80eeb127b39650570c864ea9ac481c69259f763a0",
    ),
    # issue 40: IndicGEC-2025's test gold (no licence file: fetched from its home, never shipped)
    **{
        f"{M}indicgec-2025/{folder}/test.csv": (f"{INDICGEC}/{folder}/test.csv", digest)
        for folder, _, digest in INDICGEC_TESTS.values()
    },
    **{f"{M}zaebuc/{name}": (f"{ARABIC_GEC}/data/m2edits/zaebuc/{name}", digest) for name, digest in ZAEBUC.values()},
}


def _version(base: str) -> str:
    owner_repo, commit = base.rsplit("/", 1)
    return f"{owner_repo.split('/')[1]}@{commit[:8]}"


#: the public sets: TestSet keyword arguments (``source`` None: the reference M2's ``S`` lines)
PUBLIC: tuple[dict[str, Any], ...] = (
    {
        "name": "ua-gec",
        "summary": "UA-GEC 2.0 test, GEC-only (Ukrainian), M2",
        "lang": "en",
        "ref_m2": f"{M}ua-gec/gec-only.test.m2",
        "protocol": "unlp-2023",
        "version": _version(UA_GEC),
    },
    {
        "name": "ua-gec-fluency",
        "summary": "UA-GEC 2.0 test, GEC+fluency (Ukrainian), M2",
        "ref_m2": f"{M}ua-gec/gec-fluency.test.m2",
        "protocol": "unlp-2023",
        "version": _version(UA_GEC),
    },
    {
        "name": "unlp-2023",
        "summary": "UNLP-2023 validation, GEC-only track (Ukrainian, Stanza tokens), 1,509 sentences",
        "source": f"{M}unlp-2023/gec-only/valid.src.tok",
        "ref_m2": f"{M}unlp-2023/gec-only/valid.m2",
        "protocol": "unlp-2023",
        "version": _version(UNLP),
    },
    {
        "name": "unlp-2023-fluency",
        "summary": "UNLP-2023 validation, GEC+fluency track (Ukrainian, Stanza tokens), 1,506 sentences",
        "source": f"{M}unlp-2023/gec-fluency/valid.src.tok",
        "ref_m2": f"{M}unlp-2023/gec-fluency/valid.m2",
        "protocol": "unlp-2023",
        "version": _version(UNLP),
    },
    {
        "name": "estgec-l2",
        "summary": "EstGEC-L2 test (Estonian L2 learners), 2,029 sentences, EstGEC's M2 scorer",
        "lang": "et",
        "source": f"{M}estgec-l2/test/source_sentences_test.txt",
        "ref_m2": f"{M}estgec-l2/test/source_gold_test.txt",
        "protocol": "estgec",
        "version": _version(ESTGEC_L2),
    },
    {
        "name": "tartu-l1",
        "summary": "Tartu L1 test (Estonian L1), 1,453 sentences, EstGEC's M2 scorer",
        "lang": "et",
        "ref_m2": f"{M}estgec/Tartu_L1_test/test_m2.txt",
        "protocol": "estgec",
        "version": _version(ESTGEC),
    },
    {
        "name": "jfleg",
        "summary": "JFLEG test, 747 sentences, 4 references, its gleu.py",
        "source": f"{M}jfleg/test/test.src",
        "refs": tuple(f"{M}jfleg/test/test.ref{k}" for k in range(4)),
        "protocol": "jfleg",
        "version": _version(JFLEG),
    },
    {
        "name": "jfleg-dev",
        "summary": "JFLEG dev, 754 sentences, 4 references, its gleu.py",
        "source": f"{M}jfleg/dev/dev.src",
        "refs": tuple(f"{M}jfleg/dev/dev.ref{k}" for k in range(4)),
        "protocol": "jfleg",
        "version": _version(JFLEG),
    },
    {
        "name": "cweb",
        "summary": "CWEB test, generic web domain (CWEB-G), M2, M2 scorer",
        "ref_m2": f"{M}cweb/CWEB-G.test.m2",
        "protocol": "m2scorer",
        "version": _version(CWEB),
    },
    {
        "name": "cweb-s",
        "summary": "CWEB test, specialised web domain (CWEB-S), M2, M2 scorer",
        "ref_m2": f"{M}cweb/CWEB-S.test.m2",
        "protocol": "m2scorer",
        "version": _version(CWEB),
    },
    # issue 40: IndicGEC-2025 (the CSV's "Input sentence" is the source, "Output sentence" the reference)
    *(
        {
            "name": f"indicgec-{code}",
            "summary": f"IndicGEC-2025 test, {folder}, {rows} rows, CSV, its score.py",
            "lang": code,
            "source": f"{M}indicgec-2025/{folder}/test.csv",
            "refs": (f"{M}indicgec-2025/{folder}/test.csv",),
            "protocol": "indicgec-2025",
            "version": _version(INDICGEC),
        }
        for code, (folder, rows, _) in INDICGEC_TESTS.items()
    ),
    *(
        {
            "name": name,
            "summary": f"ZAEBUC {'dev' if 'dev' in name else 'test'} (Arabic essays), M2"
            + (", no punctuation" if "nopnx" in name else "")
            + ", the QALB M2 scorer",
            "lang": "ar",
            "ref_m2": f"{M}zaebuc/{file}",
            "protocol": "qalb-nopnx" if "nopnx" in name else "qalb",
            "version": _version(ARABIC_GEC),
        }
        for name, (file, _) in ZAEBUC.items()
    ),
)

#: licence-gated sets: name -> (summary, protocol, language, what to get by hand and where)
GATED: dict[str, tuple[str, str, str, str]] = {
    "bea19-dev": (
        "BEA-2019 dev (W&I+LOCNESS v2.1), ERRANT",
        "bea19",
        "en",
        "get wi+locness_v2.1.bea19.tar.gz from https://www.cl.cam.ac.uk/research/nl/bea2019st/ (licence form) "
        "and give m2/ABCN.dev.gold.bea19.m2",
    ),
    "fce": (
        "FCE v2.1 test, ERRANT",
        "bea19",
        "en",
        "get fce_v2.1.bea19.tar.gz from https://www.cl.cam.ac.uk/research/nl/bea2019st/ (licence form) "
        "and give m2/fce.test.gold.bea19.m2",
    ),
    "falko-merlin": (
        "Falko-MERLIN German GEC test, M2 scorer",
        "m2scorer",
        "de",
        "build fm-test.m2 with https://github.com/adrianeboyd/boyd-wnut2018 from Falko and MERLIN "
        "(each under its own licence) and give it",
    ),
    "geccc": (
        "GECCC Czech GEC test, M2 scorer",
        "m2scorer",
        "cs",
        "download GECCC from LINDAT (http://hdl.handle.net/11234/1-4639, CC BY-SA 4.0) and give its test M2",
    ),
    "multigec-2025": (
        "MultiGEC-2025 (12 languages, essays), tag-free ERRANT",
        "multigec-2025",
        "",  # the language of the subcorpus's file names
        "request the data through the terms-of-use form at https://lt3.ugent.be/resources/multigec-dataset "
        "and give a subcorpus's reference file",
    ),
    # issue 40: QALB (its licence: internal research use, no redistribution)
    **{
        name: (
            f"QALB-{year} {split} (Arabic), M2, the QALB M2 scorer",
            "qalb",
            "ar",
            "accept the QALB licence and get QALB-0.9.1-Dec03-2021-SharedTasks (e.g. from "
            f"https://github.com/CAMeL-Lab/arabic-gec, data/gec/), and give data/{year}/{folder}/{file}",
        )
        for name, year, split, folder, file in (
            ("qalb14", "2014", "L1 test", "test", "QALB-2014-L1-Test.m2"),
            ("qalb15-l1", "2015", "L1 test", "test", "QALB-2015-L1-Test.m2"),
            ("qalb15-l2", "2015", "L2 test", "test", "QALB-2015-L2-Test.m2"),
        )
    },
}
