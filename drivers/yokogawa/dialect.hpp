#pragma once

namespace wattbench::drivers::yokogawa {

// The two command sets: WT300 (WT310, WT310E, WT330) picks numeric items by function and
// element; WT200 (WT210) switches fixed items on and off under :MEAS:ITEM.
enum class Dialect { wt300, wt200 };

}  // namespace wattbench::drivers::yokogawa
