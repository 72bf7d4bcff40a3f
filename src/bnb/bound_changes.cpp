#include "bnb/bound_changes.h"

#include <algorithm>
#include <iterator>

namespace milpsac::bnb {

std::vector<BoundChange> node_changes(const Node& node) {
  std::vector<const ChangeLink*> links;
  for (const ChangeLink* link = node.path.get(); link != nullptr; link = link->parent.get()) links.push_back(link);
  std::vector<BoundChange> all;
  all.reserve((node.path ? node.path->total : 0) + node.changes.size());
  for (auto it = links.rbegin(); it != links.rend(); ++it)
    all.insert(all.end(), (*it)->changes.begin(), (*it)->changes.end());
  all.insert(all.end(), node.changes.begin(), node.changes.end());
  return all;
}

std::shared_ptr<const ChangeLink> extend_path(const std::shared_ptr<const ChangeLink>& path,
                                              const std::vector<BoundChange>& all) {
  const size_t base = path ? path->total : 0;
  if (all.size() <= base) return path;  // nothing new: the children share the parent's link
  auto link = std::make_shared<ChangeLink>();
  link->parent = path;
  link->changes.assign(all.begin() + static_cast<std::ptrdiff_t>(base), all.end());
  link->total = all.size();
  return link;
}

bool compact_bound_changes(std::vector<BoundChange>& changes, size_t& prefix) {
  prefix = std::min(prefix, changes.size());
  // Sorting a copy of the prefix (not scanning every column) keeps the cost
  // to the log's own length on models with many columns.
  std::vector<BoundChange> compact(changes.begin(), changes.begin() + static_cast<std::ptrdiff_t>(prefix));
  std::stable_sort(compact.begin(), compact.end(),
                   [](const BoundChange& a, const BoundChange& b) { return a.column < b.column; });
  size_t kept = 0;
  for (size_t k = 0; k < compact.size(); ++k) {
    if (kept > 0 && compact[kept - 1].column == compact[k].column) {
      compact[kept - 1].lower = std::max(compact[kept - 1].lower, compact[k].lower);
      compact[kept - 1].upper = std::min(compact[kept - 1].upper, compact[k].upper);
    } else {
      compact[kept++] = compact[k];
    }
  }
  if (prefix <= 2 * kept) return false;
  compact.resize(kept);
  compact.insert(compact.end(), changes.begin() + static_cast<std::ptrdiff_t>(prefix), changes.end());
  changes = std::move(compact);
  prefix = kept;
  return true;
}

}  // namespace milpsac::bnb
