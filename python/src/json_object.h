// A library report's JSON (nlohmann) as the Python object json.loads would
// give for its text: the dicts of the Python calls are made from the same
// JSON the CLI prints, so their keys and values cannot drift apart.
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

namespace milpsac::python {

inline pybind11::object json_object(const nlohmann::ordered_json& value) {
  namespace py = pybind11;
  switch (value.type()) {
    case nlohmann::ordered_json::value_t::object: {
      py::dict out;
      for (const auto& [key, item] : value.items()) out[py::str(key)] = json_object(item);
      return out;
    }
    case nlohmann::ordered_json::value_t::array: {
      py::list out;
      for (const auto& item : value) out.append(json_object(item));
      return out;
    }
    case nlohmann::ordered_json::value_t::string:
      return py::str(value.get_ref<const std::string&>());
    case nlohmann::ordered_json::value_t::boolean:
      return py::bool_(value.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer:
      return py::int_(value.get<long long>());
    case nlohmann::ordered_json::value_t::number_unsigned:
      return py::int_(value.get<unsigned long long>());
    case nlohmann::ordered_json::value_t::number_float:
      return py::float_(value.get<double>());
    default:
      return py::none();
  }
}

}  // namespace milpsac::python
