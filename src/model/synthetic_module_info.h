// Synthetic, transformer-like ModuleInfo of any size and depth, from an
// analytic model (our own, not measured): for benchmarks of how the planner
// scales from tens to thousands of modules, and for reader speed tests.
//
// Tree: Model -> [stage.* grouping modules, group_depth levels, group_fanout
// children each] -> layers.<l> -> attention_norm, attention{wq,wk,wv,wo,
// resid_dropout}, ffn_norm, feed_forward{w1,w2,w3}; plus tok_embeddings, norm
// and output under the root. 13 modules per layer.
// Numbers: fp32 tensors of batch x seq x hidden; a forward pass walks the tree
// accumulating saved activations (act_total, act_fw_per_module), gradients are
// those of every module after this one in forward order (grad_total),
// runtimes are flops / throughput with backward = 2 x forward, and every
// non-leaf gets a convex two-segment recompute curve (cheap ops first).
// Deterministic: the same spec gives the same bytes.
#pragma once

#include <string>

namespace milpsac::model {

struct SyntheticSpec {
  int layers = 4;
  int group_depth = 0;      // levels of grouping modules between the root and the layers
  int group_fanout = 4;     // children of each grouping module
  int hidden = 768;
  int seq = 1024;
  int batch = 8;
  int heads = 12;
  int vocab = 8192;
  double tflops = 19.5;     // effective throughput, 1e12 flop/s
};

// Number of modules the spec generates.
int synthetic_module_count(const SyntheticSpec& spec);

// The smallest spec (more layers) with at least `modules` modules at this depth.
SyntheticSpec synthetic_spec_for(int modules, int group_depth);

// ModuleInfo JSON text (tradeoff curves as objects with stringified keys).
std::string synthetic_module_info_json(const SyntheticSpec& spec);

}  // namespace milpsac::model
