// The open nodes of the search, best bound first (ties: deeper, then older).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "bnb/node.h"

namespace milpsac::bnb {

class NodeQueue {
 public:
  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  void push(Node node) {
    heap_.push_back(std::move(node));
    std::push_heap(heap_.begin(), heap_.end(), NodeOrder{});
  }
  Node pop() {
    std::pop_heap(heap_.begin(), heap_.end(), NodeOrder{});
    Node node = std::move(heap_.back());
    heap_.pop_back();
    return node;
  }
  // The smallest bound among the open nodes (+inf when empty).
  double best_bound() const { return heap_.empty() ? INFINITY : heap_.front().bound; }
  // Drop every node whose bound is at or above `cutoff`; returns the smallest
  // bound among the dropped ones (+inf if none).
  double prune(double cutoff) {
    double smallest = INFINITY;
    auto keep = std::remove_if(heap_.begin(), heap_.end(), [&](const Node& n) {
      if (n.bound < cutoff) return false;
      smallest = std::min(smallest, n.bound);
      return true;
    });
    heap_.erase(keep, heap_.end());
    std::make_heap(heap_.begin(), heap_.end(), NodeOrder{});
    return smallest;
  }

 private:
  std::vector<Node> heap_;
};

}  // namespace milpsac::bnb
