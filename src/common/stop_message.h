// What a reader's TimeLimitReached says once the door knows why it stopped.
//
// Readers poll Deadline::expired(), which a raised interrupt flag ends as
// well as the limit, and throw "SOURCE: time limit reached while WHAT"
// (check_deadline, deadline.h). A door that knows its flag was raised says
// "SOURCE: interrupted while WHAT" instead, so the message and the status
// ("interrupted") agree.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "common/deadline.h"

namespace milpsac {

inline std::string stop_message(const TimeLimitReached& stop, bool interrupted) {
  std::string message = stop.what();
  static const std::string kLimit = "time limit reached while";
  const size_t at = message.find(kLimit);
  if (interrupted && at != std::string::npos) message.replace(at, kLimit.size(), "interrupted while");
  return message;
}

// The answer of a call that stopped before it had one (the limit or the
// interrupt came while reading): what every command prints then, exit 1 or 130.
inline nlohmann::ordered_json stopped_json(const std::string& message, bool interrupted) {
  return {{"schema", 1}, {"status", interrupted ? "interrupted" : "time_limit"}, {"message", message}};
}

}  // namespace milpsac
