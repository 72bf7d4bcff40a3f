"""Small models for the milp_sac.torch tests (random weights, seconds each)."""
import torch
from torch import nn


class Block(nn.Module):
    """A residual block that calls one in-place ReLU twice, as torchvision's ResNet does."""

    def __init__(self, c: int):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + x)


class SmallCNN(nn.Module):
    def __init__(self, c: int = 16, blocks: int = 3, classes: int = 10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU(inplace=True))
        self.blocks = nn.Sequential(*[Block(c) for _ in range(blocks)])
        self.head = nn.Linear(c, classes)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.head(x.mean(dim=(2, 3)))


class Scale(nn.Module):
    """x * 0.5: autograd saves 0.5 as a wrapped-number tensor, which torch 1.13
    hands to a dispatch mode as a Python float."""

    def forward(self, x):
        return x * 0.5


class MLP(nn.Module):
    def __init__(self, width: int = 256, depth: int = 4, dropout: float = 0.0):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Sequential(nn.Linear(width, 2 * width), nn.GELU(), nn.Dropout(dropout), nn.Linear(2 * width, width),
                          Scale(), nn.LayerNorm(width))
            for _ in range(depth)
        )

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x) * 0.5
        return x


def cnn_and_input():
    torch.manual_seed(0)
    return SmallCNN(), torch.randn(8, 3, 32, 32)


def mlp_and_input():
    torch.manual_seed(0)
    return MLP(), torch.randn(64, 256)


def dropout_mlp_and_input():
    torch.manual_seed(0)
    return MLP(width=128, depth=3, dropout=0.2), torch.randn(32, 128)


class AttentionBlock(nn.Module):
    """A pre-norm transformer block on nn.MultiheadAttention, as torchvision's ViT
    builds it: torch 1.13's attention saves a copy of its input, not the input."""

    def __init__(self, d: int, heads: int):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d)
        self.self_attention = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln_2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        h = self.ln_1(x)
        h, _ = self.self_attention(h, h, h, need_weights=False)
        x = x + h
        return x + self.mlp(self.ln_2(x))


class WideHead(nn.Module):
    """Blocks, then a wide output layer whose output no backward needs."""

    def __init__(self, d: int = 64, heads: int = 4, blocks: int = 3, out: int = 2048):
        super().__init__()
        self.blocks = nn.Sequential(*[AttentionBlock(d, heads) for _ in range(blocks)])
        self.head = nn.Linear(d, out)

    def forward(self, x):
        return self.head(self.blocks(x))


def transformer_and_input():
    torch.manual_seed(0)
    return WideHead(), torch.randn(8, 32, 64)


class ListLayer(nn.Module):
    """A layer whose input is a list of tensors, as torchvision's _DenseLayer."""

    def __init__(self, c_in: int, c: int):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c, 3, padding=1)
        self.relu = nn.ReLU()

    def forward(self, features):
        return self.relu(self.conv(torch.cat(features, 1)))


class GrowingList(nn.Module):
    """Each layer reads the list of all earlier features, which the caller then
    extends after the call (torchvision's DenseNet does this)."""

    def __init__(self, c: int = 8, layers: int = 3):
        super().__init__()
        self.layers = nn.ModuleList(ListLayer(c * (i + 1), c) for i in range(layers))

    def forward(self, x):
        features = [x]
        for layer in self.layers:
            features.append(layer(features))
        return torch.cat(features, 1)


def growing_list_and_input():
    torch.manual_seed(0)
    return GrowingList(), torch.randn(2, 8, 8, 8)
