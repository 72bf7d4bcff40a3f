"""The models of the truth benchmark: torchvision's (random weights, nothing
downloaded) and a GPT-like decoder stack written here."""
import math

import torch
import torchvision
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d: int, heads: int, dropout: float):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(d // self.heads))
        mask = torch.ones(t, t, dtype=torch.bool, device=x.device).triu(1)
        att = self.drop(att.masked_fill(mask, float("-inf")).softmax(dim=-1))
        y = (att @ v).transpose(1, 2).reshape(b, t, d)
        return self.drop(self.proj(y))


class DecoderBlock(nn.Module):
    def __init__(self, d: int, heads: int, dropout: float):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = CausalSelfAttention(d, heads, dropout)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d), nn.Dropout(dropout))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, vocab: int = 4096, d: int = 256, heads: int = 8, layers: int = 6, seq: int = 128,
                 dropout: float = 0.1):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(seq, d)
        self.drop = nn.Dropout(dropout)
        self.blocks = nn.ModuleList(DecoderBlock(d, heads, dropout) for _ in range(layers))
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.drop(self.tok(idx) + self.pos(pos))
        for block in self.blocks:
            x = block(x)
        return self.head(self.ln(x))


def gpt_loss(targets):
    def loss_fn(logits):
        return nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))

    return loss_fn


def make(name: str):
    """(model, example_inputs, loss_fn or None); seeded, so every run is the same."""
    torch.manual_seed(0)
    if name == "resnet18":
        return torchvision.models.resnet18(), torch.randn(16, 3, 128, 128), None
    if name == "resnet50":
        return torchvision.models.resnet50(), torch.randn(8, 3, 128, 128), None
    if name == "vit":
        vit = torchvision.models.VisionTransformer(image_size=64, patch_size=8, num_layers=6, num_heads=8,
                                                   hidden_dim=256, mlp_dim=1024)
        return vit, torch.randn(16, 3, 64, 64), None
    if name == "gpt":
        idx = torch.randint(0, 4096, (4, 128))
        targets = torch.randint(0, 4096, (4, 128))
        return GPT(), idx, gpt_loss(targets)
    if name == "mobilenet_v2":
        return torchvision.models.mobilenet_v2(), torch.randn(16, 3, 128, 128), None
    if name in HOLDOUT:
        return _holdout(name)
    raise ValueError(f"unknown model {name}")


class LSTMBlock(nn.Module):
    def __init__(self, d: int):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.lstm = nn.LSTM(d, d, batch_first=True)

    def forward(self, x):
        y, _ = self.lstm(self.ln(x))
        return x + y


class LSTMLM(nn.Module):
    """A recurrent language model: residual LSTM layers between an embedding and a head."""

    def __init__(self, vocab: int = 4096, d: int = 256, layers: int = 3):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.blocks = nn.Sequential(*[LSTMBlock(d) for _ in range(layers)])
        self.head = nn.Linear(d, vocab)

    def forward(self, idx):
        return self.head(self.blocks(self.tok(idx)))


def _holdout(name: str):
    """Public models nobody here tuned the collection on (torchvision 0.14's and
    torch's own layers), for a second truth run."""
    tv = torchvision.models
    if name == "densenet121":
        return tv.densenet121(), torch.randn(8, 3, 64, 64), None
    if name == "efficientnet_b0":
        return tv.efficientnet_b0(), torch.randn(8, 3, 96, 96), None
    if name == "convnext_tiny":
        return tv.convnext_tiny(), torch.randn(4, 3, 64, 64), None
    if name == "swin_t":
        return tv.swin_t(), torch.randn(2, 3, 64, 64), None
    if name == "shufflenet_v2":
        return tv.shufflenet_v2_x1_0(), torch.randn(16, 3, 96, 96), None
    if name == "regnet_y_400mf":
        return tv.regnet_y_400mf(), torch.randn(16, 3, 96, 96), None
    if name == "lstm":
        idx, targets = torch.randint(0, 4096, (8, 64)), torch.randint(0, 4096, (8, 64))
        return LSTMLM(), idx, gpt_loss(targets)
    if name == "transformer_encoder":
        layer = nn.TransformerEncoderLayer(256, 8, 1024, batch_first=True, norm_first=True)
        return nn.TransformerEncoder(layer, 4), torch.randn(8, 64, 256), None
    raise ValueError(f"unknown model {name}")


MODELS = ["resnet18", "resnet50", "vit", "gpt", "mobilenet_v2"]
HOLDOUT = ["densenet121", "efficientnet_b0", "convnext_tiny", "swin_t", "shufflenet_v2", "regnet_y_400mf", "lstm",
           "transformer_encoder"]
