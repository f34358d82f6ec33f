"""Mean token NLLs of source/hypothesis pairs that share the source's prefix (Scribendi).

A hypothesis usually starts as its source does. Under a causal LM, the hidden states, and so the
predictions, of the tokens the two texts share from the start are the same; only the tokens after
the first differing one need the model again. A *group* is one text (the root, a source) and the
texts that branch from it (its hypotheses): they are packed into one row, the root followed by
each branch's tokens after its common prefix, with their own positions (``position_ids``) and an
attention mask under which a branch token sees the root's shared prefix and its own earlier
tokens, never the root's later tokens nor another branch. A branch's token NLLs inside the prefix
are the root's; the first differing token is predicted from the root's last shared hidden state.

The model and the arithmetic are those of :func:`gecscope.weighting.causal_lm.batch_nll`; only the
width of the attention rows differs (as with padding, float rounding: the mean NLLs agree to
~1e-7 relative). On CoNLL-2014 AMU the shared prefixes are 20% of the tokens of the changed
sentences. Used for the model types in :data:`SHARED_PREFIX_MODELS` (rotary positions, a plain
head); the others are scored text by text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from gecscope.weighting.causal_lm import HEAD_SLICE, CausalLM, bos_id

#: model types whose positions come from ``position_ids`` alone and whose head is plain
SHARED_PREFIX_MODELS = frozenset({"llama"})


@dataclass(frozen=True)
class Group:
    """``root`` and its branches: token ids, each branch with the length of its shared prefix."""

    root: tuple[int, ...]
    branches: tuple[tuple[tuple[int, ...], int], ...]

    @property
    def width(self) -> int:
        return len(self.root) + sum(len(ids) - shared for ids, shared in self.branches)


def shared_length(a: Sequence[int], b: Sequence[int]) -> int:
    """The number of leading tokens ``a`` and ``b`` share.

    >>> shared_length([1, 2, 3], [1, 2, 4, 5]), shared_length([1, 2], [1, 2, 3])
    (2, 2)
    """
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


def make_groups(
    ids: dict[str, list[int]], pairs: Sequence[tuple[str, str]]
) -> tuple[list[tuple[str, list[str]]], list[Group]]:
    """Groups of the texts in ``ids`` (those to score): a source of a pair whose hypothesis is also
    to score is a root, each such hypothesis (once, and not itself a root) one of its branches;
    every other text is a root alone. Texts of fewer than two tokens are left out (no NLL)."""
    scorable = {t for t, row in ids.items() if len(row) > 1}
    roots = list(dict.fromkeys(s for s, _ in pairs if s in scorable))
    is_root, placed = set(roots), set(roots)
    branches: dict[str, list[str]] = {r: [] for r in roots}
    for s, h in pairs:
        if s in is_root and h in scorable and h not in placed and shared_length(ids[s], ids[h]) > 0:
            branches[s].append(h)
            placed.add(h)
    names = [(r, branches[r]) for r in roots] + [(t, []) for t in ids if t in scorable and t not in placed]
    groups = [
        Group(tuple(ids[r]), tuple((tuple(ids[b]), shared_length(ids[r], ids[b])) for b in bs)) for r, bs in names
    ]
    return names, groups


@dataclass
class Packed:
    """One group's row: token ids, positions, who may attend to whom, and where each text's
    tokens are predicted (``(row index predicting token t, token t)`` for t = 1..len-1, with
    ``copied`` tokens taken from the root's NLLs)."""

    tokens: list[int]
    positions: list[int]
    sees: list[range | tuple[range, range]]
    targets: list[list[tuple[int, int]]]


def pack(group: Group) -> Packed:
    root = list(group.root)
    tokens, positions = list(root), list(range(len(root)))
    sees: list[range | tuple[range, range]] = [range(q + 1) for q in range(len(root))]
    targets = [[(t - 1, root[t]) for t in range(1, len(root))]]
    for ids, shared in group.branches:
        start = len(tokens)
        mine: list[tuple[int, int]] = [(t - 1, ids[t]) for t in range(1, shared)]  # the root's predictions
        for j, t in enumerate(range(shared, len(ids))):
            tokens.append(ids[t])
            positions.append(t)
            sees.append((range(shared), range(start, start + j + 1)))
        mine += [(shared - 1 if t == shared else start + (t - shared) - 1, ids[t]) for t in range(shared, len(ids))]
        targets.append(mine)
    return Packed(tokens, positions, sees, targets)


def group_nll(lm: CausalLM, groups: Sequence[Group]) -> Iterator[list[float]]:
    """For each group, the mean token NLL of its root and its branches (in order), one padded
    batch of packed rows."""
    torch, tok = lm.torch, lm.tokenizer
    pad = tok.pad_token_id if tok.pad_token_id is not None else bos_id(lm)
    packed = [pack(g) for g in groups]
    width = max(len(p.tokens) for p in packed)
    with torch.inference_mode():
        batch = torch.full((len(packed), width), pad, dtype=torch.long)
        position = torch.zeros((len(packed), width), dtype=torch.long)
        sees = torch.eye(width, dtype=torch.bool).repeat(len(packed), 1, 1)  # padding sees itself
        for row, p in enumerate(packed):
            batch[row, : len(p.tokens)] = torch.tensor(p.tokens)
            position[row, : len(p.tokens)] = torch.tensor(p.positions)
            for q, seen in enumerate(p.sees):
                for part in seen if isinstance(seen, tuple) else (seen,):
                    sees[row, q, part.start : part.stop] = True
        batch, position = batch.to(lm.device), position.to(lm.device)
        mask = sees[:, None].to(lm.device)
        hidden = lm.model.base_model(input_ids=batch, attention_mask=mask, position_ids=position).last_hidden_state
        # every (row, predicting index, target) a root or a branch needs past its shared prefix
        where = [(row, i, t) for row, p in enumerate(packed) for k, text in enumerate(p.targets) for i, t in text]
        unique = list(dict.fromkeys(where))
        at = {w: n for n, w in enumerate(unique)}
        rows = torch.tensor([w[0] for w in unique], device=lm.device)
        cols = torch.tensor([w[1] for w in unique], device=lm.device)
        goal = torch.tensor([w[2] for w in unique], device=lm.device)
        states = hidden[rows, cols]
        head = lm.model.get_output_embeddings()
        picked = torch.empty(len(unique), dtype=torch.float32, device=lm.device)
        for b in range(0, len(unique), HEAD_SLICE):
            logp = torch.log_softmax(head(states[b : b + HEAD_SLICE]).float(), dim=-1)
            picked[b : b + HEAD_SLICE] = -logp.gather(1, goal[b : b + HEAD_SLICE, None]).squeeze(1)
        texts = [(row, text) for row, p in enumerate(packed) for text in p.targets]
        longest = max(len(text) for _, text in texts)
        nll = torch.zeros((len(texts), longest), dtype=torch.float32, device=lm.device)
        valid = torch.zeros((len(texts), longest), dtype=torch.float32, device=lm.device)
        for n, (row, text) in enumerate(texts):
            nll[n, : len(text)] = picked[[at[(row, i, t)] for i, t in text]]
            valid[n, : len(text)] = 1
        mean = ((nll * valid).sum(dim=1) / valid.sum(dim=1)).tolist()
    start = 0
    for p in packed:
        yield [float(v) for v in mean[start : start + len(p.targets)]]
        start += len(p.targets)
