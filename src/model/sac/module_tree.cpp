// Module tree from fqn prefixes (see module_tree.h).
#include "model/sac/module_tree.h"
#include "common/index.h"

#include <stdexcept>
#include <vector>

#include "common/input_error.h"

namespace milpsac::model {

graph::Tree build_module_tree(const ModuleInfo& info, const std::string& source) {
  const int n = info.size();
  std::vector<int> parent(uz(n), -1);
  for (int i = 0; i < n; ++i) {
    const std::string& fqn = info.modules[uz(i)].fqn;
    std::string_view prefix = fqn;
    int found = -1;
    for (auto dot = prefix.rfind('.'); dot != std::string_view::npos; dot = prefix.rfind('.')) {
      prefix = prefix.substr(0, dot);
      found = find_module(info, prefix);
      if (found != -1) break;
    }
    if (i == 0) {
      if (found != -1)
        throw InputError(source + ": module '" + info.modules[uz(found)].fqn + "' contains the root '" + fqn +
                         "' (the first module of fw_pre_order)");
      continue;
    }
    if (found == -1)
      throw InputError(source + ": module '" + fqn + "' is not a submodule of the root '" + info.modules[0].fqn +
                       "' (the first module of fw_pre_order)");
    if (found > i)
      throw InputError(source + ": module '" + fqn + "' comes before its parent '" + info.modules[uz(found)].fqn +
                       "' in fw_pre_order");
    parent[uz(i)] = found;
  }
  try {
    return graph::make_tree(parent);
  } catch (const InputError& e) {  // cannot happen after the checks above
    throw InputError(source + ": module tree: " + e.what());
  }
}

}  // namespace milpsac::model
