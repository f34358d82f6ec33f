"""``gecscope download``: fetch the public meta-evaluation data from its original homes and
derive the files gecscope reads (layout of ``shared/data``).

Downloaded: SEEDA (tmu-nlp/SEEDA: outputs, judgments, human scores), the MuCGEC dev set
(HillZhang1999/MuCGEC, the ``-t mucgec-dev`` test set), GJG15 judgments
(grammatical/evaluation), the ERRANT-annotated CoNLL-2014 references and system M2s used by the
official CLEME code (THUKElab/CLEME demo data) and the original CoNLL-2014 gold (pygongnlp/PT-M2).
Also the public shared-task test sets (UA-GEC, UNLP-2023, EstGEC-L2, Tartu L1, JFLEG, CWEB:
:data:`gecscope.setup.shared_tasks.FILES`); the licence-gated ones are listed, never fetched.
Derived: sources and REF0/REF1 (from the references M2, insertions at one offset applied in
file order), system outputs as text (from the system M2s), SEEDA's subset references and line
ids, and GJG15's human scores (Table 3 of Grundkiewicz et al., 2015).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path

from gecscope.errors import InputError, SettingError
from gecscope.fetch import Deadline, Fetch, check_url, fetch_verified, http_fetch
from gecscope.io import read_lines, read_m2
from gecscope.io.text import split_lines
from gecscope.meta.data.datasets import SEEDA_SYSTEMS
from gecscope.setup.shared_tasks import FILES

DEFAULT_BASE = "https://raw.githubusercontent.com/"
#: the whole download's deadline (seconds): the files are ~25 MB in all, so 900 s allows ~28 kB/s
DEFAULT_DEADLINE = 900.0
#: the longest deadline a caller may give (a day)
MAX_DEADLINE = 86400.0
CLEME_DEMO = ("AMU", "CAMB", "IITB", "NTHU", "PKU", "POST", "UFC", "UMC")  # systems the CLEME demo ships

#: the commit each upstream file is pinned to (a moving branch head could change under us)
GJG15_COMMIT = "c85e1bd4869a53af213f685528d0426a14fe5cad"  # grammatical/evaluation
CLEME_COMMIT = "e90abead75a9d766595b1b0ff4473647af0c86e9"  # THUKElab/CLEME (as in golden/cleme_zh.json)
PTM2_COMMIT = "67ef5755d7fbe5860f7988af58bc960c47846178"  # pygongnlp/PT-M2
SEEDA_COMMIT = "870b1b91adfa3c7194cdb6bde1e730d55979c8d4"  # tmu-nlp/SEEDA system outputs
SEEDA_DATA_COMMIT = "4663ab653754bbe55ca1eef00f39186a590f657b"  # tmu-nlp/SEEDA judgments
SEEDA_SCORES_COMMIT = "4812e34a7b2e5dc5c82e5341774b4a05a50d979d"  # tmu-nlp/SEEDA human scores
MUCGEC_COMMIT = "39221934ee4ccf07801879136a75dd7e11319977"  # HillZhang1999/MuCGEC (as ../zh/README.md)
SEEDA_OVERRIDES = {  # files whose matching version lives at another commit
    "outputs/all/GECToR-ens.txt": SEEDA_DATA_COMMIT,
    "outputs/subset/LM-Critic.txt": "082e66391195e64a9fa64b2bd202ed6fd59218a9",
}


def _seeda(path: str, commit: str = SEEDA_COMMIT) -> str:
    return f"tmu-nlp/SEEDA/{SEEDA_OVERRIDES.get(path, commit)}/{path}"


#: destination (under the data directory) -> path under the base URL (owner/repo/commit/path)
MANIFEST: dict[str, str] = {
    "gjg15/judgments.xml": f"grammatical/evaluation/{GJG15_COMMIT}/data/judgments.xml",
    "conll14/references.m2": f"THUKElab/CLEME/{CLEME_COMMIT}/demo/examples/conll14.errant",
    "conll14/official-2014.combined.m2": f"pygongnlp/PT-M2/{PTM2_COMMIT}/data/reference.m2",
    "zh/mucgec_dev/references.tsv": f"HillZhang1999/MuCGEC/{MUCGEC_COMMIT}/data/MuCGEC/MuCGEC_dev.txt",
    **{
        f"conll14/systems_m2/{s}.m2": f"THUKElab/CLEME/{CLEME_COMMIT}/demo/examples/conll14-{s}.errant"
        for s in CLEME_DEMO
    },
    **{
        f"seeda/outputs/{part}/{s}.txt": _seeda(f"outputs/{part}/{s}.txt")
        for part in ("all", "subset")
        for s in SEEDA_SYSTEMS
    },
    **{
        f"seeda/data/judgments_{g}.xml": _seeda(f"data/all/judgments_{g}.xml", SEEDA_DATA_COMMIT)
        for g in ("edit", "sent")
    },
    **{
        f"seeda/scores/human/{k}_{g}.txt": _seeda(f"scores/human/{k}_{g}.txt", SEEDA_SCORES_COMMIT)
        for k in ("EW", "TS")
        for g in ("edit", "sent")
    },
}

#: destination -> sha256 of the upstream file at its pinned commit (verified before use)
SHA256: dict[str, str] = {
    "gjg15/judgments.xml": "d0ea9fe14cf6a8e117fcd988e2724ae9b2530e88f5bb2de9bb73dc61e35c62de",
    "conll14/references.m2": "92fd1a992f652a30dd18519283982ed7c20068d814eff000fc25ad0a5a50c27b",
    "conll14/official-2014.combined.m2": "07771f4653844f2732e1d93a5711181995ff2ae0828016a276ad1e7335c96085",
    "zh/mucgec_dev/references.tsv": "edbe29627aa8c61b1196b0b8c85898560dd2218d5031857921e9b621e5241e18",
    "conll14/systems_m2/AMU.m2": "5d516d14bedda4d046a5d6a7683adfc2b0d23d9ce2f13b82bb341f005d900500",
    "conll14/systems_m2/CAMB.m2": "89e2b68e0956c42c357c542004f009549bdd8fbbe9f67a7b59479ddd85e7b4b4",
    "conll14/systems_m2/IITB.m2": "23d2339e0ed8fb6b1813557eec7b34de85b9bebd7282d16da9c13034960c79c7",
    "conll14/systems_m2/NTHU.m2": "2d9d702939dfb156cb837a8da204c8e118baa5152e63d4a817d1ead2eb4523ee",
    "conll14/systems_m2/PKU.m2": "7e313b980e59ea12e94aaf9e7eccc7c3774b03156c9f24b6909add5d54b549a3",
    "conll14/systems_m2/POST.m2": "0cbb5114cf948871073fcf13d98a8144237e549699e3eceabc8cd5ad0fbdf3e5",
    "conll14/systems_m2/UFC.m2": "19fcd2f123198a2a8839499539b1434d02d8d9fb3fb68a0f7306f88b6e70f3fd",
    "conll14/systems_m2/UMC.m2": "a85dec1122bfb62a5c64865027c9575a578025e39bb4a74d0e3b47e523a59971",
    "seeda/outputs/all/BART.txt": "f74a63a96f754ce10d4037044059e76417622a0e4cd8956374315ae2a9c1e0e0",
    "seeda/outputs/all/BERT-fuse.txt": "752e7886df8fc5f38c5eadccd4dc2ee5de6048b0491c4a58f278214f5dc13e52",
    "seeda/outputs/all/GECToR-BERT.txt": "274de39e255968597887b5b93b4f329775799c76650335ef2804d3e32c3f7672",
    "seeda/outputs/all/GECToR-ens.txt": "b7d84e3f5ef4d28f15d2cea24e9471a33736f9eb013e8c772d9e8931612b8ac4",
    "seeda/outputs/all/GPT-3.5.txt": "d3e31057abfa4f29b48de2e60fcce1a4ad39d685c53d3482c7936481d4b6528f",
    "seeda/outputs/all/INPUT.txt": "4497a368db3653323c4feeebb30ddea84ffc379caa9db83e7b9ff593939be702",
    "seeda/outputs/all/LM-Critic.txt": "19b9d9b92affeaf4c8a772b184f5cc01101aa76c4489037a9c20aa02444cfa7d",
    "seeda/outputs/all/PIE.txt": "bb7cdd3082d2e2d4a3391a131face786502da29eb035de5558dce604f82c4e76",
    "seeda/outputs/all/REF-F.txt": "fbab8a63b28ead1d4136dc68d26fe23e91a1fc2b22a906739214f1c9c0b0da4c",
    "seeda/outputs/all/REF-M.txt": "3c0b868e95feca23715b0e95a4268fe3e4918b037ce01a9594bbadc9979fa1b3",
    "seeda/outputs/all/Riken-Tohoku.txt": "fcc3232439b7fc8e7ebc8d8ab971c3fa4db6877a25d7cea0931151ae1f48fa8d",
    "seeda/outputs/all/T5.txt": "8f93062fc1c16bbeed7424c65a43d6e6e1950348e49cef141b2f3b394997b381",
    "seeda/outputs/all/TemplateGEC.txt": "c86966e433e1d48c297e69746338910249db9308a2d1839c6d9538ee935306cc",
    "seeda/outputs/all/TransGEC.txt": "4d64653e6691bd24faa806a001df6a75003ca03e6176787df7eb2ca942219a8e",
    "seeda/outputs/all/UEDIN-MS.txt": "a488300f91ba43e630fe0b7a91b8173d37db88c71efcd428d867a4181b830803",
    "seeda/outputs/subset/BART.txt": "ebac64f19407790047a1b56b73e84a3ca597da38c0031a337e13de1435ce8bf4",
    "seeda/outputs/subset/BERT-fuse.txt": "177be06128764a513bb8095535ce1aead0d4ba0a463c189288249a753aefb9c3",
    "seeda/outputs/subset/GECToR-BERT.txt": "430c26068fb2f4648a12b94be6a4c472eeca0288ac5e2b3a14dbd96785400569",
    "seeda/outputs/subset/GECToR-ens.txt": "a0e73719d2f66981d2d790c6d894fbae965b99b0ffa6d14c7b4af3fd266b589c",
    "seeda/outputs/subset/GPT-3.5.txt": "18717c0cfafb723fc92109946af1cf3e5b863e2ddad1bc6afe8528d571f443d1",
    "seeda/outputs/subset/INPUT.txt": "14ee95ca8b9f6aef08cbe7644398356a7cc142ccc131fd4041643bd903c0136e",
    "seeda/outputs/subset/LM-Critic.txt": "96e8a21c8080d5878373d3680542b01aa40aa1d4a90297c616cca13c6a17d5c6",
    "seeda/outputs/subset/PIE.txt": "cc771ae746d809a092376c271c11df0f1a2afeddfc52dd12f5ee8e939bde3307",
    "seeda/outputs/subset/REF-F.txt": "1c3aaa42b17a9c7dc21c55101de722242ce2cc338327f8fe7ebc581852ee8426",
    "seeda/outputs/subset/REF-M.txt": "f2eb81684bf2dfddfce9e3c939b11a36f370a1183823ca722f2a9181dd4d0bad",
    "seeda/outputs/subset/Riken-Tohoku.txt": "0068af0ca90d860b8949df49797f05adeb539b1c4459ae6c60ddd53a663a7244",
    "seeda/outputs/subset/T5.txt": "4b02d99019a254a7bd531a24a76411a14b60bbded8a2e5c5f3b47e4a23875288",
    "seeda/outputs/subset/TemplateGEC.txt": "071fda077d9986c8e756709c4fbb1a26afb41771a0dd7804b10bea4f5eb387ab",
    "seeda/outputs/subset/TransGEC.txt": "6f19fb3a61798f5feec1f2b0780cf3cfdd2bbd14c1f19bad86a7ce2a3d9b55e8",
    "seeda/outputs/subset/UEDIN-MS.txt": "e092dc961ff529690c2a39bda0a393ff62f64cc6aa85a7d15459706bbb8e2b85",
    "seeda/data/judgments_edit.xml": "029748e7b05dffe298fe3c823943bbc05601c674830c77fde1885ac2f806f00d",
    "seeda/data/judgments_sent.xml": "aebb11d4afc28b63ff153508a1612a32bef77188ffd6d81f0fb9d2a72ee0d498",
    "seeda/scores/human/EW_edit.txt": "198517ac13d01148d5499912eb80bac02413c8b60d543e5fea352a9ce781976d",
    "seeda/scores/human/EW_sent.txt": "10ae33550940bf73c9d2ecd613c534ab4cb4242b701706e3178642051fca164a",
    "seeda/scores/human/TS_edit.txt": "53fefa9a9cf51bad36e373a5ea7a977fc44025452f6f9b8607e97003c3feee25",
    "seeda/scores/human/TS_sent.txt": "11bc1fb810d2d0c25b6708e7a507c5bf6afb68fa1c86c87059cec85a52c9d95e",
}


#: GJG15 Table 3: Expected Wins and TrueSkill
GJG15_HUMAN = {
    "AMU": (0.628, 0.273),
    "RAC": (0.566, 0.114),
    "CAMB": (0.561, 0.182),
    "CUUI": (0.550, 0.105),
    "POST": (0.539, 0.080),
    "UFC": (0.513, -0.041),
    "PKU": (0.506, -0.001),
    "UMC": (0.495, -0.022),
    "IITB": (0.485, -0.055),
    "SJTU": (0.463, -0.074),
    "INPUT": (0.456, -0.062),
    "NTHU": (0.437, -0.142),
    "IPN": (0.300, -0.358),
}


def derive(data: Path) -> list[str]:
    """Build the derived files from the downloaded ones; returns their relative paths."""
    made = []

    def write(rel: str, lines: list[str]) -> None:
        (data / rel).parent.mkdir(parents=True, exist_ok=True)
        (data / rel).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        made.append(rel)

    blocks = read_m2(data / "conll14" / "references.m2")
    write("conll14/sources.txt", [" ".join(b.source) for b in blocks])
    for k in range(len(blocks[0].targets)):
        write(f"conll14/REF{k}.txt", [b.targets[k].text for b in blocks])
    for m2 in sorted((data / "conll14" / "systems_m2").glob("*.m2")):
        write(f"conll14/systems/{m2.stem}.txt", [b.targets[0].text for b in read_m2(m2)])
    write("conll14/systems/INPUT.txt", [" ".join(b.source) for b in blocks])
    write(
        "gjg15/human_scores.tsv",
        ["system\tew\tts", *(f"{s}\t{ew:.3f}\t{ts:.3f}" for s, (ew, ts) in GJG15_HUMAN.items())],
    )
    sub = "seeda/outputs/subset"
    full_input = read_lines(data / "seeda" / "outputs" / "all" / "INPUT.txt")
    line_ids = subset_line_ids(full_input, read_lines(data / sub / "INPUT.txt"))
    write(f"{sub}/line_ids.txt", [str(i) for i in line_ids])
    for k in range(len(blocks[0].targets)):
        refs = read_lines(data / "conll14" / f"REF{k}.txt")
        if line_ids and line_ids[-1] >= len(refs):
            raise InputError(
                f"has {len(refs)} lines but the SEEDA subset needs line {line_ids[-1] + 1}",
                data / "conll14" / f"REF{k}.txt",
            )
        write(f"{sub}/REF{k}.txt", [refs[i] for i in line_ids])
    tsv = data / "zh" / "mucgec_dev" / "references.tsv"
    if tsv.is_file():  # the MuCGEC dev sources: column 2 of ChERRANT's id<TAB>source<TAB>refs... file
        rows = split_lines(tsv.read_text(encoding="utf-8"))
        write("zh/mucgec_dev/sources.txt", [row.split("\t")[1] if "\t" in row else "" for row in rows])
    return made


def subset_line_ids(full: list[str], subset: list[str]) -> list[int]:
    """Position of each subset line in the full file (in order; repeated lines matched forward)."""
    positions: dict[str, list[int]] = {}
    for i, line in enumerate(full):
        positions.setdefault(line.strip(), []).append(i)
    out, last = [], -1
    for line in subset:
        candidates = [i for i in positions.get(line.strip(), []) if i > last]
        if not candidates:
            raise InputError(f"subset line not found in the full set: {line[:60]!r}")
        last = candidates[0]
        out.append(last)
    return out


def zh_resources() -> dict[str, tuple[str, str]]:
    """The Chinese alignment tables (ChERRANT's data, pinned in :mod:`gecscope.align.zh.resources`):
    destination -> (path under the base URL, sha256)."""
    from gecscope.align.zh.resources import RESOURCE_FILES

    return {dest: (url.removeprefix(DEFAULT_BASE), digest) for dest, url, digest in RESOURCE_FILES}


def download(
    data: str | Path,
    base_url: str = DEFAULT_BASE,
    fetch: Fetch | None = None,
    shared_tasks: Iterable[str] = (),
    deadline: float = DEFAULT_DEADLINE,
) -> dict[str, list[str]]:
    """Download every manifest file under ``data`` and derive the rest; ``shared_tasks``: the
    shared-task test-set files to fetch too (destinations of :data:`FILES`; ``gecscope download``
    fetches them all). ``deadline``: seconds for the whole download (every file, connecting and
    reading; a server that trickles its answer cannot hold it longer), for the HTTP client used
    when no ``fetch`` is given. A ``base_url`` holding a space or a control character is refused;
    a password in it is never shown.

    Each file is pinned to a commit and a sha256: a present file with the right digest is kept,
    anything else (missing, tampered, an error page saved earlier) is fetched again, verified,
    and written atomically. A body with the wrong digest stops the download with one line.
    """
    check_url(base_url, "base_url")
    if not 0 < deadline <= MAX_DEADLINE:  # NaN fails too
        raise SettingError(f"deadline must be from 0 to {MAX_DEADLINE:g} s (0 excluded); got {deadline!r}", "deadline")
    get = fetch if fetch is not None else partial(http_fetch, until=Deadline.after(deadline))
    data = Path(data)
    fetched = []
    pinned = {dest: (remote, SHA256[dest]) for dest, remote in MANIFEST.items()} | zh_resources()
    pinned |= {dest: FILES[dest] for dest in shared_tasks}
    for dest, (remote, digest) in pinned.items():
        if fetch_verified(base_url.rstrip("/") + "/" + remote, digest, data / dest, get):
            fetched.append(dest)
    return {"downloaded": fetched, "derived": derive(data)}
