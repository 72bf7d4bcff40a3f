// Synthetic ModuleInfo of any size, from an analytic model (our own, not
// measured): for benchmarks of how the planner scales from tens to thousands
// of modules, for tests on random models, and for reader speed tests. Not part
// of the installed library (tools/).
//
// Families (the layer's subtree; every family puts its layers under
// group_depth levels of stage.* grouping modules, group_fanout children each):
//   transformer  layers.<l> -> attention_norm, attention{wq,wk,wv,wo,
//                resid_dropout}, ffn_norm, feed_forward{w1,w2,w3}; plus
//                tok_embeddings, norm and output. 13 modules per layer.
//   llama        decoder-only, traced per projection: layers.<l> ->
//                input_layernorm, self_attn{q_proj, k_proj, v_proj, o_proj,
//                core{scores, softmax, dropout}}, post_attention_layernorm,
//                mlp{gate_proj, up_proj, act_fn, down_proj}; layers tied in
//                groups of four (group_depth 1). 19 modules per layer.
//   moe          layers.<l> -> attention{...} as transformer, moe{router,
//                experts.<e>{w1, w2, w3} x experts}. 4 + 4 x experts + 6 per layer.
//   resnet       stem, four stages layer1..4 of bottleneck blocks
//                {conv1..3, bn1..3, relu, downsample{conv, bn} in the first},
//                spatial size halving and channels doubling per stage.
// Numbers: fp32 tensors of batch x seq x hidden; a forward pass walks the tree
// accumulating saved activations (act_total, act_fw_per_module), gradients are
// those of every module after this one in forward order (grad_total),
// runtimes are flops / throughput with backward = 2 x forward, and every
// non-leaf gets a convex two-segment recompute curve (cheap ops first).
// Deterministic: the same spec gives the same bytes.
#pragma once

#include <optional>
#include <string>

namespace milpsac::model {

enum class SyntheticFamily { kTransformer, kLlama, kMoe, kResnet };

struct SyntheticSpec {
  SyntheticFamily family = SyntheticFamily::kTransformer;
  int layers = 4;        // layers (transformer, llama, moe) or bottleneck blocks (resnet)
  int experts = 8;       // moe
  int group_depth = 0;   // levels of grouping modules between the root and the layers
  int group_fanout = 4;  // children of each grouping module
  int hidden = 768;
  int seq = 1024;
  int batch = 8;
  int heads = 12;
  int vocab = 8192;
  double tflops = 19.5;  // effective throughput, 1e12 flop/s
};

// Number of modules the spec generates.
int synthetic_module_count(const SyntheticSpec& spec);

// The smallest spec (more layers) with at least `modules` modules at this depth.
SyntheticSpec synthetic_spec_for(int modules, int group_depth);
// The same for a family, with its usual grouping depth.
SyntheticSpec synthetic_spec_for(SyntheticFamily family, int modules);

// "transformer", "llama", "moe", "resnet"; nullopt otherwise.
std::optional<SyntheticFamily> parse_synthetic_family(const std::string& name);
const char* to_string(SyntheticFamily family);

// ModuleInfo JSON text (tradeoff curves as objects with stringified keys).
std::string synthetic_module_info_json(const SyntheticSpec& spec);

}  // namespace milpsac::model
