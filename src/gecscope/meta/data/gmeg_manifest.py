"""The GMEG-Data files ``gecscope download gmeg`` fetches: grammarly/GMEG pinned to commit 83be7cd,
each file with its sha256 (verified before it is written).

Written under ``DIR/gmeg/`` as the repository publishes them (``gmeg/data/{split}/...``), never
shipped with gecscope. The repository has no licence file; the terms of each domain's text are
in :data:`gecscope.meta.data.gmeg.TERMS` and are shown on download. The Yahoo Answers texts are
not in the repository (only their ratings): see ``gecscope meta run --dataset gmeg-yahoo --yahoo DIR``.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from gecscope.fetch import Deadline, Fetch, fetch_verified, http_fetch
from gecscope.meta.data.download import DEFAULT_DEADLINE

GMEG_REPOSITORY = "grammarly/GMEG"
GMEG_COMMIT = "83be7cd0a94f6986028bd60ca7fa2c8ba036ad3b"

#: path in the repository -> sha256 at :data:`GMEG_COMMIT`
GMEG_SHA256: dict[str, str] = {
    "data/dev/fce-corpus-scores.csv": "1fc0bf527e87f75367e5dd906d5844ca81565690b1ae21fc719c373dfdc97a1f",
    "data/dev/fce-segment-scores.csv": "627f0c96e85892af813d302acf3c01fde113b7c3b139198ec4827db1c8e180ab",
    "data/dev/fce/amu": "958bdc4b7be22cf4bb4efdf0f9e952e9f0d2fe961284e982a6af726e19d73673",
    "data/dev/fce/lstm": "e51a92113d13c11db61cffbdd462e8f60c5afcf609fb7ea2dcd520a49773beec",
    "data/dev/fce/lstm-r": "cfe73478699be2e2006163e1d8f0d2ba059721efd83edd5b493a03772ebc791a",
    "data/dev/fce/marian": "f746956bf425c848d1578949642a522b54e517f78fb819d074a53c65adef7f46",
    "data/dev/fce/nus": "81ade94076f100ab78f215f72cf44e6783c7b0aac9eb28545dd83a24ecec015b",
    "data/dev/fce/ref0": "024a81802a656d7eb803c9822f0f604a736e6590759b87e20f976250432b9eb6",
    "data/dev/fce/ref1": "d0f5d85fc3a9cd9c8475e83011ed60f1f3e4df444434fcdcf9cf40dfe80418ed",
    "data/dev/fce/ref2": "7dc74d45c7b762b8b9d04c6aab5b1d84a7ecd9fbba514a6aba7748c2165f5738",
    "data/dev/fce/ref3": "ca01012cd7fa6bb2ce3e79c9c0cb711d5edd9b6e60c2ccb508828568c1655b26",
    "data/dev/fce/source": "9688fb1c58bd44ac1c760cfbbdd1b2c0077294e6bc182401d1e01a23478a08d7",
    "data/dev/fce/source+error": "b5b919f2999546772e8031ee80c2a57d9729a953e695f1d763ff81fe5f670eb2",
    "data/dev/fce/transformer": "c2e50d8684e87ca87dce26a3ecde568820ca3122270449c847c1f2b7ae697853",
    "data/dev/wiki-corpus-scores.csv": "9f0077a82ceb542f04b9b6b3b66e2371e4afd416cb2e73a27c0137b65de420d0",
    "data/dev/wiki-segment-scores.csv": "1ddf407296fb006bec4253187408897d74ca3d5efeab880329745b0894167f19",
    "data/dev/wiki/amu": "bc34194f1203d9236c04f3ca4bc8d49ea76c634e082135d2d6c3e8671b726338",
    "data/dev/wiki/lstm": "08af188f731038c58e4602b15be91792a84ae4e73ef1222072101769a31b3f32",
    "data/dev/wiki/lstm-r": "f1874bd29b607638694c62fe101ad935e2414c4fa7dc478139f95604ff110bf2",
    "data/dev/wiki/marian": "f1eabcbfed8b3fd216748e0a42306c4e41730185ada89895c32af3190b0d8866",
    "data/dev/wiki/nus": "7165e5f4d6fc69b1e0daeebe495062376a2ba5b674c013bec7362e4b78fe437d",
    "data/dev/wiki/ref0": "ef012c86a1e1d396f42753a587765222446d83626260337602f30f8d7d611d34",
    "data/dev/wiki/ref1": "082c48932186e51fe3ed3c2c40df661a09db9affdafbcd4ec9e3a068596c96d8",
    "data/dev/wiki/ref2": "f588369840bc2cd8e7d05d0cfdfc60ab16207734122a99b37b295aaec80b18c7",
    "data/dev/wiki/ref3": "659cf2fe9b299b458534bd00175cdcb4cea7a72b0f40c64aaf6c882ea7c4a3bb",
    "data/dev/wiki/source": "d20c6a62f2710155ef643db7dec55076b5720465aee0189c307044af91b4255a",
    "data/dev/wiki/source+error": "2b9e46e9fcb4a1b6cbcd85b7113cf0c6b8686b093092a73804ba1bb8bf7df0c9",
    "data/dev/wiki/transformer": "a4d3084394ca9abc59b1038a4d4823ecc56df65dad3f4a84ad8c314637e85cf9",
    "data/dev/yahoo-corpus-scores.csv": "c1b17286faa3c18ee08f696d9b55d2dffb7a5a8187d801781543fc1f7d3615df",
    "data/dev/yahoo-segment-scores.csv": "b732bd69533c3811387ad4e7bd642725cdd75a5cfaebb341813ffa367983b724",
    "data/test/fce-corpus-scores.csv": "44ca58a5d439c7a0a8788bbe137f8c39ca42eb0141aeae4dea883dfcfcad497e",
    "data/test/fce-segment-scores.csv": "f709f261d94e0a694d8391d21cb7284c88202c6c3846ba0ad5f89119ff1690ca",
    "data/test/fce/amu": "b6b03564e9863a5392a253d56eddbf9e2c4abf40901ca0d6db54159bb1a384cc",
    "data/test/fce/lstm": "a406cc26520c870f61b8a7166f69d341f9dab902eba2f46d2264e13758b3ef5d",
    "data/test/fce/lstm-r": "b5bd5d4f8b6c38d1ce07cd18ea99a3dd42811b6b711553f6600a2735e79feeae",
    "data/test/fce/marian": "84d1723c1298bd46bdb71277aafa748baee394af52a056e28a8c656a50829674",
    "data/test/fce/nus": "09cceb7db2fec7bbaaeee457e45b8a871742ae58dac3c97afdded71ac73a9463",
    "data/test/fce/ref0": "91d09eeb6117f714863fee4f51a2769d09f7036dd369ea96be62fc2d5af2a82e",
    "data/test/fce/ref1": "2b80e42825530e0840b6af756112d5966586d35728506556cdeb343ce57b654f",
    "data/test/fce/ref2": "bff5320b531d1dad844e69eb67126349d302399e146a6d218342d598d4767c44",
    "data/test/fce/ref3": "e79d9a093e8023e46e45a5b1dd31f12508852d8d389ba91744b8eb0cb5b6849d",
    "data/test/fce/source": "0d766572d66c945a238add62159cfb1b8e2900a6521dff03f43288413b035bb4",
    "data/test/fce/source+error": "15b331b8bd30674931d40bb06faca5fccdb60a7381ce91387659bb13adc388dc",
    "data/test/fce/transformer": "bb26b0fdaa5114bc8ba22e48508c04864125609c83c83aa4651c9f3db10885bb",
    "data/test/wiki-corpus-scores.csv": "2deb8c97fe23095a6a20ae462c622fd8387f1b0ea7c49b49030bd7fda94e76ca",
    "data/test/wiki-segment-scores.csv": "dcebd4f5afb670159a9dcef0da77de47931b02c04347b1e3a7530cdc2589dc0e",
    "data/test/wiki/amu": "27a2b0b2f8a77427ac7c2a9fb15f7d9b4c6ab4030b775f22cb3369dcb80bd5dc",
    "data/test/wiki/lstm": "525075753a0d5ae654cf030e53be1c17aff9ef9103a44e57b8687817371a7542",
    "data/test/wiki/lstm-r": "21ea010f1e19668de77466deb6e92a7386328c426a56f938e68d628364881f12",
    "data/test/wiki/marian": "f29db704728c84c3673400c41de079ae42a64c51b224851196cc0493f7dd3109",
    "data/test/wiki/nus": "c7cefd64e967b63f4a02a6b6a80835412d67c632fbae9629089cec2181e906e1",
    "data/test/wiki/ref0": "bc077e4e7c9b8bc9a4870d7b2a2849b7dc1e829a92b4cffa7d8b9dcf7bec4bcb",
    "data/test/wiki/ref1": "db5c5db00ddef34d08b0ede573c2e9948df89faa773189b7bd6bd8353887654f",
    "data/test/wiki/ref2": "2aaaf374f14b2bf01a425415a6b931120f34134dc9d85e028295e841cc77cd72",
    "data/test/wiki/ref3": "d3c2ad11cc47a3ff42459c94d0d79218fbb1248bc5564a2445b1b6e8cc180120",
    "data/test/wiki/source": "0857aa4dc488a60280e031dcafb06670067ebde3d1917b297e68b2c7083ad28d",
    "data/test/wiki/source+error": "dc4c3380eead4ea1b731c1098feda89b1e551a3b05ab80fb8c70d1e0a704c76a",
    "data/test/wiki/transformer": "10c6f47333eeb96e0f2d8b5f0f0c0196eed8a8cba9dd948f0fed07a20d4e784c",
    "data/test/yahoo-corpus-scores.csv": "0db71b844fe5c5a40c34acbc1bafd5b2e981b01734475f7156e7218f4d38853f",
    "data/test/yahoo-segment-scores.csv": "7ce0e76022b23c12a9be2072484269a862fab5f1a599cca85ee35f88c8e0fdd8",
}


def gmeg_manifest() -> dict[str, tuple[str, str]]:
    """destination under the data directory -> (path under the base URL, sha256)."""
    return {f"gmeg/{path}": (f"{GMEG_REPOSITORY}/{GMEG_COMMIT}/{path}", digest) for path, digest in GMEG_SHA256.items()}


def download_gmeg(
    data: str | Path, base_url: str, fetch: Fetch | None = None, deadline: float = DEFAULT_DEADLINE
) -> list[str]:
    """Fetch every GMEG file under ``data/gmeg`` (a present file with the right digest is kept),
    all within ``deadline`` seconds; returns the destinations fetched."""
    fetch = fetch if fetch is not None else partial(http_fetch, until=Deadline.after(deadline))
    fetched = []
    for dest, (remote, digest) in gmeg_manifest().items():
        if fetch_verified(base_url.rstrip("/") + "/" + remote, digest, Path(data) / dest, fetch):
            fetched.append(dest)
    return fetched


def download_lines(
    data: str | Path, base_url: str, fetch: Fetch | None = None, deadline: float = DEFAULT_DEADLINE
) -> list[str]:
    """What ``gecscope download gmeg`` prints: the count, then each domain's terms."""
    from gecscope.meta.data.gmeg import TERMS

    fetched = download_gmeg(data, base_url, fetch, deadline)
    lines = [
        f"GMEG-Data ({GMEG_REPOSITORY} at {GMEG_COMMIT[:7]}): downloaded {len(fetched)} of "
        f"{len(GMEG_SHA256)} files into {Path(data) / 'gmeg'} (the rest were already there and verified)",
        "terms (the repository has no licence file; cite Napoles, Nadejde and Tetreault, TACL 2019):",
    ]
    lines += [f"  {domain}: {terms}" for domain, terms in TERMS.items()]
    return lines
