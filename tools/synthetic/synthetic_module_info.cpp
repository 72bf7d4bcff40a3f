// Synthetic transformer-like ModuleInfo (see synthetic_module_info.h).
#include "synthetic/synthetic_module_info.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace milpsac::model {
namespace {

constexpr double kBytesPerElement = 4.0;  // fp32
constexpr double kBandwidth = 1.5e12;     // bytes/s, for memory-bound ops

struct Node {
  std::string fqn;
  bool leaf = true;
  std::vector<int> children;
  // What the node's own operations do (leaf: everything; non-leaf: ops outside children).
  double params = 0, saved = 0, output = 0, flops = 0;
  double first_slope = 0.1;  // recompute curve of a non-leaf
  // Filled by the forward walk.
  double param_total = 0, act_total = 0, act_fw = 0, out = 0, max_out = 0, fw_ms = 0, grad_total = 0;
  int pre = 0, post = 0;
};

class Generator {
 public:
  explicit Generator(const SyntheticSpec& spec) : s_(spec) {}

  void build() {
    if (s_.family == SyntheticFamily::kResnet) {
      build_resnet();
      return;
    }
    const double act = s_.batch * double(s_.seq) * s_.hidden * kBytesPerElement;
    const int root = add(-1, "Model", false, 0, 0, 0, 0, 0.1);
    add(root, "Model.tok_embeddings", true, double(s_.vocab) * s_.hidden * kBytesPerElement,
        s_.batch * double(s_.seq) * 8, act, 0, 0);
    add_layers(root, "Model", 0, s_.layers, 0);
    add(root, "Model.norm", true, s_.hidden * kBytesPerElement, act, act, 5.0 * act / kBytesPerElement, 0);
    add(root, "Model.output", true, double(s_.vocab) * s_.hidden * kBytesPerElement, act, act / s_.hidden * s_.vocab,
        2.0 * act / kBytesPerElement * s_.vocab, 0);
  }

  int size() const { return static_cast<int>(nodes_.size()); }

  std::string json_text() {
    simulate();
    using Json = nlohmann::ordered_json;
    std::vector<std::string> fw_pre, fw_post, bw_pre, bw_post;
    order(0, false, fw_pre, fw_post);
    order(0, true, bw_pre, bw_post);
    Json stats = Json::array();
    for (const Node& n : nodes_) {
      Json entry;
      entry["fqn"] = n.fqn;
      entry["param_per_module"] = std::llround(n.param_total);
      entry["grad_per_module"] = std::llround(n.param_total);
      entry["grad_total"] = std::llround(n.grad_total);
      entry["act_fw_per_module"] = std::llround(n.act_fw);
      entry["act_bw_per_module"] = 0;
      entry["act_grad_per_module"] = std::llround(2.0 * n.max_out);
      entry["act_total"] = std::llround(n.act_total);
      entry["input_per_module"] = 0;
      entry["output_per_module"] = std::llround(n.out);
      entry["fw_runtime_per_module"] = n.fw_ms;
      entry["bw_runtime_per_module"] = 2.0 * n.fw_ms;
      entry["is_leaf"] = n.leaf;
      if (n.leaf) {
        entry["sac_runtime"] = 0;
        entry["sac_memory"] = 0;
        entry["n_segments"] = 0;
        entry["slopes"] = Json::array();
        entry["intercepts"] = Json::array();
        entry["breakpoints"] = Json::array();
        entry["tradeoff_curve"] = Json::object();
      } else {
        // Convex, continuous at 0.5, reaching 1 at ratio 1.
        const double s1 = n.first_slope, i1 = -0.004;
        const double s2 = (1.0 - (0.5 * s1 + i1)) / 0.5, i2 = 1.0 - s2;
        entry["sac_runtime"] = n.fw_ms;
        entry["sac_memory"] = std::llround(1.1 * n.act_fw) + 1;
        entry["n_segments"] = 2;
        entry["slopes"] = {s1, s2};
        entry["intercepts"] = {i1, i2};
        entry["breakpoints"] = {0.0, 0.5, 1.0};
        Json curve = Json::object();
        for (int k = 0; k <= 10; ++k) {
          const double x = k / 10.0;
          char key[32];
          std::snprintf(key, sizeof key, "%.2f", x + 0.01);
          curve[key] = std::max({0.0, s1 * x + i1, s2 * x + i2});
        }
        entry["tradeoff_curve"] = curve;
      }
      stats.push_back(entry);
    }
    Json root;
    root["mod_order"] = {
        {"fw_pre_order", fw_pre}, {"bw_pre_order", bw_pre}, {"fw_post_order", fw_post}, {"bw_post_order", bw_post}};
    root["mod_stats"] = stats;
    return root.dump();
  }

 private:
  int add(int parent, std::string fqn, bool leaf, double params, double saved, double output, double flops,
          double first_slope) {
    Node n;
    n.fqn = std::move(fqn);
    n.leaf = leaf;
    n.params = params;
    n.saved = saved;
    n.output = output;
    n.flops = flops;
    n.first_slope = first_slope;
    nodes_.push_back(n);
    const int id = static_cast<int>(nodes_.size()) - 1;
    if (parent >= 0) {
      nodes_[static_cast<size_t>(parent)].children.push_back(id);
      nodes_[static_cast<size_t>(parent)].leaf = false;
    }
    return id;
  }

  void add_layers(int parent, const std::string& prefix, int first, int count, int level) {
    if (count <= 0) return;
    if (level == s_.group_depth) {
      for (int l = first; l < first + count; ++l) add_layer(parent, prefix + ".layers." + std::to_string(l));
      return;
    }
    const int chunk = std::max(1, (count + s_.group_fanout - 1) / s_.group_fanout);
    for (int k = 0, start = first; start < first + count; ++k, start += chunk) {
      const int stage = add(parent, prefix + ".stages." + std::to_string(k), false, 0, 0, 0, 0, 0.1);
      const std::string stage_fqn = nodes_[static_cast<size_t>(stage)].fqn;  // a copy: add() reallocates nodes_
      add_layers(stage, stage_fqn, start, std::min(chunk, first + count - start), level + 1);
    }
  }

  void add_layer(int parent, const std::string& fqn) {
    if (s_.family == SyntheticFamily::kLlama) {
      add_llama_layer(parent, fqn);
      return;
    }
    if (s_.family == SyntheticFamily::kMoe) {
      add_moe_layer(parent, fqn);
      return;
    }
    const double b = s_.batch, sq = s_.seq, h = s_.hidden, f = 4.0 * s_.hidden;
    const double act = b * sq * h * kBytesPerElement, ffn = b * sq * f * kBytesPerElement;
    const int layer = add(parent, fqn, false, 0, 0, 0, 0, 0.12);
    add(layer, fqn + ".attention_norm", true, h * kBytesPerElement, act, act, 5 * b * sq * h, 0);
    const int attn = add(layer, fqn + ".attention", false, 0, b * s_.heads * sq * sq * kBytesPerElement + act, 0,
                         4 * b * sq * sq * h, 0.08);
    for (const char* w : {".wq", ".wk", ".wv"})
      add(attn, fqn + ".attention" + w, true, h * h * kBytesPerElement, act / 3, act, 2 * b * sq * h * h, 0);
    add(attn, fqn + ".attention.wo", true, h * h * kBytesPerElement, act, act, 2 * b * sq * h * h, 0);
    add(attn, fqn + ".attention.resid_dropout", true, 0, act / 4, act, b * sq * h, 0);
    add(layer, fqn + ".ffn_norm", true, h * kBytesPerElement, act, act, 5 * b * sq * h, 0);
    const int ff = add(layer, fqn + ".feed_forward", false, 0, 2 * ffn, 0, 4 * b * sq * f, 0.2);
    add(ff, fqn + ".feed_forward.w1", true, h * f * kBytesPerElement, act / 2, ffn, 2 * b * sq * h * f, 0);
    add(ff, fqn + ".feed_forward.w3", true, h * f * kBytesPerElement, act / 2, ffn, 2 * b * sq * h * f, 0);
    add(ff, fqn + ".feed_forward.w2", true, f * h * kBytesPerElement, ffn, act, 2 * b * sq * h * f, 0);
  }

  // LLaMA-like decoder layer traced per projection, with the attention core
  // (scores, softmax, dropout) as its own non-leaf: three nested candidates.
  void add_llama_layer(int parent, const std::string& fqn) {
    const double b = s_.batch, sq = s_.seq, h = s_.hidden, f = 8.0 * s_.hidden / 3.0;
    const double act = b * sq * h * kBytesPerElement, ffn = b * sq * f * kBytesPerElement;
    const double scores = b * s_.heads * sq * sq * kBytesPerElement;
    const int layer = add(parent, fqn, false, 0, 0, 0, 0, 0.12);
    add(layer, fqn + ".input_layernorm", true, h * kBytesPerElement, act, act, 4 * b * sq * h, 0);
    const int attn = add(layer, fqn + ".self_attn", false, 0, 0, 0, 0, 0.06);
    for (const char* w : {".q_proj", ".k_proj", ".v_proj"})
      add(attn, fqn + ".self_attn" + w, true, h * h * kBytesPerElement, act / 3, act, 2 * b * sq * h * h, 0);
    const int core = add(attn, fqn + ".self_attn.core", false, 0, 0, 0, 0, 0.03);
    add(core, fqn + ".self_attn.core.scores", true, 0, 2 * act, scores, 2 * b * sq * sq * h, 0);
    add(core, fqn + ".self_attn.core.softmax", true, 0, scores, scores, 5 * b * s_.heads * sq * sq, 0);
    add(core, fqn + ".self_attn.core.dropout", true, 0, scores / 4, act, 2 * b * sq * sq * h, 0);
    add(attn, fqn + ".self_attn.o_proj", true, h * h * kBytesPerElement, act, act, 2 * b * sq * h * h, 0);
    add(layer, fqn + ".post_attention_layernorm", true, h * kBytesPerElement, act, act, 4 * b * sq * h, 0);
    const int mlp = add(layer, fqn + ".mlp", false, 0, 0, 0, 0, 0.18);
    add(mlp, fqn + ".mlp.gate_proj", true, h * f * kBytesPerElement, act / 2, ffn, 2 * b * sq * h * f, 0);
    add(mlp, fqn + ".mlp.up_proj", true, h * f * kBytesPerElement, act / 2, ffn, 2 * b * sq * h * f, 0);
    add(mlp, fqn + ".mlp.act_fn", true, 0, ffn, ffn, 4 * b * sq * f, 0);
    add(mlp, fqn + ".mlp.down_proj", true, f * h * kBytesPerElement, 2 * ffn, act, 2 * b * sq * h * f, 0);
  }

  // Mixture-of-experts layer: attention as the transformer's, then a router
  // and `experts` experts that each see 2/experts of the tokens (top-2).
  void add_moe_layer(int parent, const std::string& fqn) {
    const double b = s_.batch, sq = s_.seq, h = s_.hidden, f = 4.0 * s_.hidden;
    const double act = b * sq * h * kBytesPerElement;
    const double share = 2.0 / std::max(1, s_.experts);
    const int layer = add(parent, fqn, false, 0, 0, 0, 0, 0.12);
    add(layer, fqn + ".attention_norm", true, h * kBytesPerElement, act, act, 5 * b * sq * h, 0);
    const int attn = add(layer, fqn + ".attention", false, 0, b * s_.heads * sq * sq * kBytesPerElement + act, 0,
                         4 * b * sq * sq * h, 0.08);
    for (const char* w : {".wq", ".wk", ".wv", ".wo"})
      add(attn, fqn + ".attention" + w, true, h * h * kBytesPerElement, act / 3, act, 2 * b * sq * h * h, 0);
    const int moe = add(layer, fqn + ".moe", false, 0, 0, 0, 0, 0.15);
    add(moe, fqn + ".moe.router", true, h * s_.experts * kBytesPerElement, act, b * sq * s_.experts * 4.0,
        2 * b * sq * h * s_.experts, 0);
    for (int e = 0; e < s_.experts; ++e) {
      const std::string ex = fqn + ".moe.experts." + std::to_string(e);
      const double tokens_act = act * share, tokens_ffn = act * share * f / h;
      const int expert = add(moe, ex, false, 0, 0, 0, 0, 0.2);
      add(expert, ex + ".w1", true, h * f * kBytesPerElement, tokens_act / 2, tokens_ffn, 2 * b * sq * share * h * f,
          0);
      add(expert, ex + ".w3", true, h * f * kBytesPerElement, tokens_act / 2, tokens_ffn, 2 * b * sq * share * h * f,
          0);
      add(expert, ex + ".w2", true, f * h * kBytesPerElement, tokens_ffn, tokens_act, 2 * b * sq * share * h * f, 0);
    }
  }

  // ResNet-like: a stem, then four stages of bottleneck blocks (layers blocks
  // in all, spread over the stages 1:2:4:1 like ResNet-50's 3:4:6:3), spatial
  // size halving and channels doubling per stage.
  void build_resnet() {
    const double b = s_.batch;
    double side = 56, channels = 64;
    const int root = add(-1, "Model", false, 0, 0, 0, 0, 0.1);
    const double stem_act = b * 112 * 112 * 64 * kBytesPerElement;
    add(root, "Model.conv1", true, 3 * 64 * 49 * kBytesPerElement, b * 224 * 224 * 3 * kBytesPerElement, stem_act,
        2 * b * 112 * 112 * 64 * 3 * 49, 0);
    add(root, "Model.bn1", true, 2 * 64 * kBytesPerElement, stem_act, stem_act, 5 * stem_act / kBytesPerElement, 0);
    const int weights[4] = {1, 2, 4, 1};
    int remaining = std::max(4, s_.layers);
    for (int stage = 0; stage < 4; ++stage) {
      const int blocks = stage == 3 ? remaining : std::max(1, s_.layers * weights[stage] / 8);
      remaining -= blocks;
      const std::string name = "Model.layer" + std::to_string(stage + 1);
      const int stage_id = add(root, name, false, 0, 0, 0, 0, 0.1);
      for (int k = 0; k < std::max(1, blocks); ++k)
        add_bottleneck(stage_id, name + "." + std::to_string(k), side, channels, k == 0);
      side = std::max(1.0, side / 2);
      channels *= 2;
    }
    const double pooled = b * channels * 2 * kBytesPerElement;
    add(root, "Model.avgpool", true, 0, pooled * side * side, pooled, pooled * side * side, 0);
    add(root, "Model.fc", true, channels * 2 * 1000 * kBytesPerElement, pooled, b * 1000 * kBytesPerElement,
        2 * b * channels * 2 * 1000, 0);
  }

  void add_bottleneck(int parent, const std::string& fqn, double side, double channels, bool downsample) {
    const double b = s_.batch, width = channels, out = 4 * channels;
    const double narrow = b * side * side * width * kBytesPerElement, wide = b * side * side * out * kBytesPerElement;
    const double conv_flops = 2 * b * side * side * width * width;
    const int block = add(parent, fqn, false, 0, 0, 0, 0, 0.15);
    add(block, fqn + ".conv1", true, out * width * kBytesPerElement, wide, narrow, conv_flops * 4, 0);
    add(block, fqn + ".bn1", true, 2 * width * kBytesPerElement, narrow, narrow, 5 * narrow / kBytesPerElement, 0);
    add(block, fqn + ".conv2", true, 9 * width * width * kBytesPerElement, narrow, narrow, conv_flops * 9, 0);
    add(block, fqn + ".bn2", true, 2 * width * kBytesPerElement, narrow, narrow, 5 * narrow / kBytesPerElement, 0);
    add(block, fqn + ".conv3", true, width * out * kBytesPerElement, narrow, wide, conv_flops * 4, 0);
    add(block, fqn + ".bn3", true, 2 * out * kBytesPerElement, wide, wide, 5 * wide / kBytesPerElement, 0);
    add(block, fqn + ".relu", true, 0, wide, wide, wide / kBytesPerElement, 0);
    if (!downsample) return;
    const int ds = add(block, fqn + ".downsample", false, 0, 0, 0, 0, 0.1);
    add(ds, fqn + ".downsample.0", true, out * out / 2 * kBytesPerElement, wide, wide, conv_flops * 8, 0);
    add(ds, fqn + ".downsample.1", true, 2 * out * kBytesPerElement, wide, wide, 5 * wide / kBytesPerElement, 0);
  }

  // Forward walk: saved activations accumulate; outputs, params and runtimes roll up.
  void simulate() {
    double saved_so_far = 0, params_so_far = 0, total_params = 0;
    for (const Node& n : nodes_) total_params += n.params;
    std::function<void(int)> visit = [&](int id) {
      Node& n = nodes_[static_cast<size_t>(id)];
      const double saved_before = saved_so_far;
      double fw = own_ms(n);
      n.param_total = n.params;
      params_so_far += n.params;
      n.max_out = n.output;
      n.out = n.output;
      for (int c : n.children) {
        visit(c);
        const Node& child = nodes_[static_cast<size_t>(c)];
        fw += child.fw_ms;
        n.param_total += child.param_total;
        n.max_out = std::max(n.max_out, child.max_out);
        n.out = child.out;
      }
      saved_so_far += n.saved;
      n.fw_ms = fw;
      n.act_total = saved_so_far;
      n.act_fw = std::max(0.0, saved_so_far - saved_before - n.out);
      n.grad_total = total_params - params_so_far;  // gradients of everything after this subtree
    };
    visit(0);
  }

  double own_ms(const Node& n) const {
    const double compute = n.flops / (s_.tflops * 1e12);
    const double memory = (n.saved + n.output) / kBandwidth;
    return 1e3 * std::max(compute, memory);
  }

  void order(int id, bool backward, std::vector<std::string>& pre, std::vector<std::string>& post) const {
    const Node& n = nodes_[static_cast<size_t>(id)];
    pre.push_back(n.fqn);
    if (backward) {
      for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) order(*it, backward, pre, post);
    } else {
      for (int c : n.children) order(c, backward, pre, post);
    }
    post.push_back(n.fqn);
  }

  SyntheticSpec s_;
  std::vector<Node> nodes_;
};

}  // namespace

int synthetic_module_count(const SyntheticSpec& spec) {
  Generator g(spec);
  g.build();
  return g.size();
}

std::optional<SyntheticFamily> parse_synthetic_family(const std::string& name) {
  if (name == "transformer") return SyntheticFamily::kTransformer;
  if (name == "llama") return SyntheticFamily::kLlama;
  if (name == "moe") return SyntheticFamily::kMoe;
  if (name == "resnet") return SyntheticFamily::kResnet;
  return std::nullopt;
}

const char* to_string(SyntheticFamily family) {
  switch (family) {
    case SyntheticFamily::kTransformer:
      return "transformer";
    case SyntheticFamily::kLlama:
      return "llama";
    case SyntheticFamily::kMoe:
      return "moe";
    case SyntheticFamily::kResnet:
      return "resnet";
  }
  return "transformer";
}

SyntheticSpec synthetic_spec_for(SyntheticFamily family, int modules) {
  SyntheticSpec spec;
  spec.family = family;
  spec.group_depth = family == SyntheticFamily::kLlama ? 1 : 0;
  // Doubling then bisection on the layer count: module counts grow with it.
  auto count = [&](int layers) {
    spec.layers = layers;
    spec.group_fanout = std::max(1, (layers + 3) / 4);  // llama: groups of four layers
    return synthetic_module_count(spec);
  };
  int high = 1;
  while (count(high) < modules) high *= 2;
  int low = high / 2;
  while (low + 1 < high) {
    const int mid = (low + high) / 2;
    (count(mid) < modules ? low : high) = mid;
  }
  count(high);
  return spec;
}

SyntheticSpec synthetic_spec_for(int modules, int group_depth) {
  SyntheticSpec spec;
  spec.group_depth = group_depth;
  spec.layers = 1;
  while (synthetic_module_count(spec) < modules) ++spec.layers;
  return spec;
}

std::string synthetic_module_info_json(const SyntheticSpec& spec) {
  Generator g(spec);
  g.build();
  return g.json_text();
}

}  // namespace milpsac::model
