// The module tree of a ModuleInfo, from fully qualified names.
//
// "a.b" is a child of "a"; a module's parent is its longest proper prefix that
// ends at a '.' and is itself a module, so containers without statistics (a
// ModuleList "layers" between "model" and "model.layers.0") are skipped. The
// submodule test is a true prefix test: "x.ab" is not a submodule of "x.a",
// and "y.x.a" is not a submodule of "x" (the seed used a substring test).
#pragma once

#include <string>
#include <string_view>

#include "model/sac/module_info.h"

namespace milpsac::model {

// descendant starts with ancestor followed by '.'.
inline bool is_submodule_fqn(std::string_view descendant, std::string_view ancestor) {
  return descendant.size() > ancestor.size() + 1 && descendant[ancestor.size()] == '.' &&
         descendant.compare(0, ancestor.size(), ancestor) == 0;
}

// Parent links over info.modules (which must be sorted by fw_pre_order, with
// info.index filled) and the tree built from them. Throws InputError naming
// `source` when a module is not under the root (the first module of
// fw_pre_order) or comes before its parent in fw_pre_order.
graph::Tree build_module_tree(const ModuleInfo& info, const std::string& source);

}  // namespace milpsac::model
