// SPDX-License-Identifier: AGPL-3.0-only
pragma solidity ^0.8.20;

interface IHexToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @notice HEX's stake interface for the devchain, where HEX itself is a plain ERC-20: the same
/// views a reader uses (currentDay, stakeCount, stakeLists, globalInfo, dailyData, dailyDataRange),
/// the same StakeStart / StakeEnd events and packing, and stakeStart takes the HEX from the staker.
/// Simplified: shares = hearts + the longer-pays-more bonus at a fixed share rate; each day pays
/// 0.03 % of the locked hearts to the day's shares; no penalties, no BigPayDay.
contract HexStakes {
    struct StakeStore {
        uint40 stakeId;
        uint72 stakedHearts;
        uint72 stakeShares;
        uint16 lockedDay;
        uint16 stakedDays;
        uint16 unlockedDay;
        bool isAutoStake;
    }

    uint256 private constant LAUNCH_TIME = 1575331200; // HEX's day 0: 2019-12-03 UTC
    uint256 private constant SHARE_RATE = 100000;
    uint256 private constant LPB_DAYS = 1820;
    uint256 private constant LPB_MAX_DAYS = 3640;
    uint256 private constant MAX_STAKE_DAYS = 5555;

    IHexToken public immutable hexToken;
    mapping(address => StakeStore[]) public stakeLists;
    /// @notice Packed as HEX does: payout | stakeSharesTotal << 72.
    mapping(uint256 => uint256) public dailyData;

    uint256 public dailyDataCount;
    uint256 public lockedHeartsTotal;
    uint256 public stakeSharesTotal;
    uint256 public nextStakeSharesTotal;
    uint256 public latestStakeId;

    event StakeStart(uint256 data0, address indexed stakerAddr, uint40 indexed stakeId);
    event StakeEnd(uint256 data0, uint256 data1, address indexed stakerAddr, uint40 indexed stakeId);

    constructor(IHexToken hex_) {
        hexToken = hex_;
        dailyDataCount = currentDay();
    }

    function currentDay() public view returns (uint256) {
        return (block.timestamp - LAUNCH_TIME) / 1 days;
    }

    function stakeCount(address stakerAddr) external view returns (uint256) {
        return stakeLists[stakerAddr].length;
    }

    function globalInfo() external view returns (uint256[13] memory info) {
        info[0] = lockedHeartsTotal;
        info[1] = nextStakeSharesTotal;
        info[2] = SHARE_RATE;
        info[4] = dailyDataCount;
        info[5] = stakeSharesTotal;
        info[6] = latestStakeId;
        info[10] = block.timestamp;
    }

    function dailyDataRange(uint256 beginDay, uint256 endDay) external view returns (uint256[] memory list) {
        require(beginDay < endDay && endDay <= dailyDataCount, "HEX: range invalid");
        list = new uint256[](endDay - beginDay);
        for (uint256 i = 0; i < list.length; i++) list[i] = dailyData[beginDay + i];
    }

    function dailyDataUpdate(uint256 beforeDay) public {
        uint256 today = currentDay();
        if (beforeDay == 0 || beforeDay > today) beforeDay = today;
        for (uint256 day = dailyDataCount; day < beforeDay; day++) {
            uint256 payout = stakeSharesTotal == 0 ? 0 : (lockedHeartsTotal * 3) / 10000;
            dailyData[day] = payout | (stakeSharesTotal << 72);
            // Stakes started on this day earn from the next day (their locked day) on.
            stakeSharesTotal += nextStakeSharesTotal;
            nextStakeSharesTotal = 0;
        }
        if (beforeDay > dailyDataCount) dailyDataCount = beforeDay;
    }

    function stakeStart(uint256 newStakedHearts, uint256 newStakedDays) external {
        require(newStakedDays >= 1 && newStakedDays <= MAX_STAKE_DAYS, "HEX: newStakedDays invalid");
        require(newStakedHearts > 0 && newStakedHearts < (1 << 72), "HEX: newStakedHearts invalid");
        dailyDataUpdate(0);
        require(hexToken.transferFrom(msg.sender, address(this), newStakedHearts), "HEX: transfer");
        uint256 bonusDays = newStakedDays - 1 > LPB_MAX_DAYS ? LPB_MAX_DAYS : newStakedDays - 1;
        uint256 shares = ((newStakedHearts + (newStakedHearts * bonusDays) / LPB_DAYS) * 100000) / SHARE_RATE;
        uint40 stakeId = uint40(++latestStakeId);
        stakeLists[msg.sender].push(
            StakeStore(stakeId, uint72(newStakedHearts), uint72(shares), uint16(currentDay() + 1), uint16(newStakedDays), 0, false)
        );
        lockedHeartsTotal += newStakedHearts;
        nextStakeSharesTotal += shares;
        uint256 data0 = block.timestamp | (newStakedHearts << 40) | (shares << 112) | (newStakedDays << 184);
        emit StakeStart(data0, msg.sender, stakeId);
    }

    /// @notice Pays the principal and the stake's share of each served day (from this contract's HEX).
    function stakeEnd(uint256 stakeIndex, uint40 stakeIdParam) external {
        StakeStore[] storage list = stakeLists[msg.sender];
        require(stakeIndex < list.length, "HEX: stakeIndex invalid");
        StakeStore memory st = list[stakeIndex];
        require(st.stakeId == stakeIdParam, "HEX: stakeIdParam not in stake");
        dailyDataUpdate(0);
        uint256 endDay = uint256(st.lockedDay) + st.stakedDays;
        uint256 until = currentDay() < endDay ? currentDay() : endDay;
        uint256 payout = 0;
        for (uint256 day = st.lockedDay; day < until; day++) {
            uint256 total = (dailyData[day] >> 72) & ((1 << 72) - 1);
            if (total > 0) payout += ((dailyData[day] & ((1 << 72) - 1)) * st.stakeShares) / total;
        }
        if (currentDay() < st.lockedDay) nextStakeSharesTotal -= st.stakeShares;
        else stakeSharesTotal -= st.stakeShares;
        lockedHeartsTotal -= st.stakedHearts;
        list[stakeIndex] = list[list.length - 1];
        list.pop();
        require(hexToken.transfer(msg.sender, uint256(st.stakedHearts) + payout), "HEX: transfer");
        uint256 served = until > st.lockedDay ? until - st.lockedDay : 0;
        uint256 data0 = block.timestamp | (uint256(st.stakedHearts) << 40) | (uint256(st.stakeShares) << 112) | (payout << 184);
        emit StakeEnd(data0, served << 72, msg.sender, st.stakeId);
    }
}
