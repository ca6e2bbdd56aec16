import torch
import torch.nn.functional as F

torch.manual_seed(0)
# 1. KV cache per token in bf16 at DeepSeek-V2's shapes: 60 layers, 128 heads of
# dim 128; MLA caches a 512-wide latent c_KV and one 64-wide RoPE key per layer
layers, heads, d_h, d_c, d_rope = 60, 128, 128, 512, 64
per_layer = {
    "MHA": 2 * heads * d_h,  # a key and a value per head
    "GQA-8": 2 * 8 * d_h,  # 8 KV heads
    "MQA": 2 * 1 * d_h,  # 1 KV head
    "MLA": d_c + d_rope,  # c_KV and the shared k_R
}
for name, n in per_layer.items():
    cache = torch.empty(layers, n, dtype=torch.bfloat16, device="meta")
    print(f"{name:5s} {n:5d} per layer, {cache.nbytes / 1024:6.1f} KiB per token")
    # > MHA   32768 per layer, 3840.0 KiB per token
    # > GQA-8  2048 per layer,  240.0 KiB per token
    # > MQA     256 per layer,   30.0 KiB per token
    # > MLA     576 per layer,   67.5 KiB per token
print(per_layer["MLA"] / (2 * d_h))  # the cache of GQA with this many KV heads
# > 2.25

# 2. a tiny MLA layer at one decoding step: 4 heads of 8, latent 6, RoPE dim 4
D, H, dh, dc, dr, T = 32, 4, 8, 6, 4, 10


def rope(x, pos):  # rotate the pairs (2i, 2i + 1) by pos * theta_i
    theta = 10000 ** (-torch.arange(0, x.shape[-1], 2) / x.shape[-1])
    cos, sin = (pos[:, None] * theta).cos(), (pos[:, None] * theta).sin()
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1).flatten(-2)


W_dkv = torch.randn(dc, D) / D**0.5  # down-projection: hidden -> latent
W_uk, W_uv = torch.randn(2, H, dh, dc) / dc**0.5  # up-projections, per head
W_kr = torch.randn(dr, D) / D**0.5  # the decoupled RoPE key, shared by the heads
W_q, W_qr = torch.randn(H, dh, D) / D**0.5, torch.randn(H, dr, D) / D**0.5
hidden, pos = torch.randn(T, D), torch.arange(T).float()  # the last token decodes
now = pos[-1:].expand(H)

c = hidden @ W_dkv.T  # (T, dc): cached
k_r = rope(hidden @ W_kr.T, pos)  # (T, dr): cached
q_c = torch.einsum("hdk,k->hd", W_q, hidden[-1])
q_r = rope(torch.einsum("hdk,k->hd", W_qr, hidden[-1]), now)
scale = (dh + dr) ** -0.5
# explicit: rebuild every head's keys and values from the latent
k_c = torch.einsum("hdc,tc->htd", W_uk, c)
v = torch.einsum("hdc,tc->htd", W_uv, c)
s = (torch.einsum("hd,htd->ht", q_c, k_c) + q_r @ k_r.T) * scale
out = torch.einsum("ht,htd->hd", s.softmax(-1), v)
# absorbed: W_uk folds into the query and W_uv into the output; attention runs on c
q_lat = torch.einsum("hd,hdc->hc", q_c, W_uk)  # (H, dc)
s2 = (q_lat @ c.T + q_r @ k_r.T) * scale
out2 = torch.einsum("hdc,hc->hd", W_uv, s2.softmax(-1) @ c)
print(torch.allclose(out, out2, atol=1e-5), c.shape[1] + k_r.shape[1], 2 * H * dh)
# > True 10 64
# absorbed MLA is MQA: one shared "KV head" [c, k_r] (value c), queries [q_lat, q_r]
q = torch.cat([q_lat, q_r], -1)[None, :, None]  # (1, H, 1, dc + dr)
k = torch.cat([c, k_r], -1)[None, None]  # (1, 1, T, dc + dr)
o = F.scaled_dot_product_attention(q, k, c[None, None], scale=scale, enable_gqa=True)
print(torch.allclose(torch.einsum("hdc,hc->hd", W_uv, o[0, :, 0]), out, atol=1e-5))
# > True

# 3. why a separate RoPE key: rotate the up-projected keys instead, and one folded
# query matrix is right only where query and key share a position (offset 0)
true = torch.einsum("hd,htd->ht", rope(q_c, now), rope(k_c, pos))
folded = q_lat @ c.T  # W_uk folded in without the rotation
print((true - folded).abs().amax(0).gt(1e-4).tolist())
# > [True, True, True, True, True, True, True, True, True, False]
