// SPDX-License-Identifier: AGPL-3.0-only
pragma solidity ^0.8.20;

interface IDividendRewardToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

interface IV2RouterDividendSwap {
    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}

/// @notice Pays a reward token (HEX) to the holders of a printer token: the dividend-tracker pattern
/// of PulseChain printers (magnified dividends per share, withdrawable / withdrawn per holder). The
/// token reports balances (setBalance, which also pays the holder what he is owed: a seller is paid
/// in his own transaction), hands over the rewards it bought (distributeDividends) and, on every
/// transfer, lets the tracker pay a few holders round-robin (process). A holder can always claim().
/// Every payout emits DividendWithdrawn, then the reward token's Transfer to the holder, then
/// Claim(account, amount, automatic) - automatic is false only for claim(). The tracker's shares are
/// internal: unlike many real trackers it emits no Transfer events for them.
contract DividendTracker {
    uint256 internal constant MAGNITUDE = 2 ** 128;
    /// @notice Automatic payouts by process() reach a holder at most this often.
    uint256 public constant CLAIM_WAIT = 1 hours;

    address public immutable token;
    address public immutable rewardToken;
    /// @notice Holders of fewer tokens get no share.
    uint256 public immutable minimumTokenBalanceForDividends;
    /// @notice process() pays a holder only when at least this much is owed; smaller amounts wait
    /// for claim() or for the holder's next transfer.
    uint256 public immutable minimumAutoPayout;

    uint256 public magnifiedDividendPerShare;
    uint256 public totalDividendsDistributed;
    uint256 public totalSupply;
    uint256 public lastProcessedIndex;

    mapping(address => uint256) public balanceOf;
    mapping(address => int256) internal magnifiedDividendCorrections;
    mapping(address => uint256) internal withdrawnDividends;
    mapping(address => bool) public excludedFromDividends;
    mapping(address => uint256) public lastClaimTimes;

    address[] internal holders;
    mapping(address => uint256) internal holderIndex;
    mapping(address => bool) internal isHolder;

    event DividendsDistributed(address indexed from, uint256 weiAmount);
    event DividendWithdrawn(address indexed to, uint256 weiAmount);
    event Claim(address indexed account, uint256 amount, bool indexed automatic);
    event ExcludeFromDividends(address indexed account);

    modifier onlyToken() {
        require(msg.sender == token, "DividendTracker: token only");
        _;
    }

    constructor(address rewardToken_, uint256 minimumTokenBalance_, uint256 minimumAutoPayout_) {
        token = msg.sender;
        rewardToken = rewardToken_;
        minimumTokenBalanceForDividends = minimumTokenBalance_;
        minimumAutoPayout = minimumAutoPayout_;
    }

    function excludeFromDividends(address account) external onlyToken {
        if (excludedFromDividends[account]) return;
        excludedFromDividends[account] = true;
        _setBalance(account, 0);
        _removeHolder(account);
        emit ExcludeFromDividends(account);
    }

    /// @notice The token has sent `amount` of the reward token here; it is shared by the current holders.
    function distributeDividends(uint256 amount) external onlyToken {
        require(totalSupply > 0, "DividendTracker: no holders");
        if (amount == 0) return;
        magnifiedDividendPerShare += (amount * MAGNITUDE) / totalSupply;
        totalDividendsDistributed += amount;
        emit DividendsDistributed(msg.sender, amount);
    }

    /// @notice The holder's new token balance; pays what he is owed so far (automatic).
    function setBalance(address account, uint256 newBalance) external onlyToken {
        if (excludedFromDividends[account]) return;
        if (newBalance >= minimumTokenBalanceForDividends) {
            _setBalance(account, newBalance);
            _addHolder(account);
        } else {
            _setBalance(account, 0);
            _removeHolder(account);
        }
        _processAccount(account, true);
    }

    /// @notice Visits up to `maxHolders` holders round-robin and pays those owed at least
    /// minimumAutoPayout whose last payout is CLAIM_WAIT ago. A fixed count, not a gas budget,
    /// keeps gas estimation exact.
    function process(uint256 maxHolders) external onlyToken returns (uint256 iterations, uint256 claims) {
        uint256 count = holders.length;
        if (count == 0) return (0, 0);
        uint256 visits = maxHolders < count ? maxHolders : count;
        for (; iterations < visits; iterations++) {
            if (lastProcessedIndex >= count) lastProcessedIndex = 0;
            address account = holders[lastProcessedIndex];
            if (
                block.timestamp >= lastClaimTimes[account] + CLAIM_WAIT
                    && withdrawableDividendOf(account) >= minimumAutoPayout
            ) {
                if (_processAccount(account, true)) claims++;
            }
            lastProcessedIndex++;
        }
    }

    /// @notice Pays the caller everything he is owed (a manual claim).
    function claim() external {
        require(!excludedFromDividends[msg.sender], "DividendTracker: excluded");
        _processAccount(msg.sender, false);
    }

    function withdrawableDividendOf(address account) public view returns (uint256) {
        return accumulativeDividendOf(account) - withdrawnDividends[account];
    }

    function dividendOf(address account) external view returns (uint256) {
        return withdrawableDividendOf(account);
    }

    function withdrawnDividendOf(address account) external view returns (uint256) {
        return withdrawnDividends[account];
    }

    function accumulativeDividendOf(address account) public view returns (uint256) {
        int256 magnified = int256(magnifiedDividendPerShare * balanceOf[account]) + magnifiedDividendCorrections[account];
        return magnified <= 0 ? 0 : uint256(magnified) / MAGNITUDE;
    }

    /// @notice (account, withdrawable, total earned, token balance counted for dividends).
    function getAccount(address account) external view returns (address, uint256, uint256, uint256) {
        return (account, withdrawableDividendOf(account), accumulativeDividendOf(account), balanceOf[account]);
    }

    function getTotalDividendsDistributed() external view returns (uint256) {
        return totalDividendsDistributed;
    }

    function getNumberOfTokenHolders() external view returns (uint256) {
        return holders.length;
    }

    function _processAccount(address account, bool automatic) internal returns (bool) {
        uint256 amount = withdrawableDividendOf(account);
        if (amount == 0) return false;
        withdrawnDividends[account] += amount;
        lastClaimTimes[account] = block.timestamp;
        emit DividendWithdrawn(account, amount);
        require(IDividendRewardToken(rewardToken).transfer(account, amount), "DividendTracker: reward transfer");
        emit Claim(account, amount, automatic);
        return true;
    }

    function _setBalance(address account, uint256 newBalance) internal {
        uint256 current = balanceOf[account];
        if (newBalance == current) return;
        // Corrections keep what is already owed unchanged when the share changes.
        if (newBalance > current) {
            uint256 added = newBalance - current;
            totalSupply += added;
            magnifiedDividendCorrections[account] -= int256(magnifiedDividendPerShare * added);
        } else {
            uint256 removed = current - newBalance;
            totalSupply -= removed;
            magnifiedDividendCorrections[account] += int256(magnifiedDividendPerShare * removed);
        }
        balanceOf[account] = newBalance;
    }

    function _addHolder(address account) internal {
        if (isHolder[account]) return;
        isHolder[account] = true;
        holderIndex[account] = holders.length;
        holders.push(account);
    }

    function _removeHolder(address account) internal {
        if (!isHolder[account]) return;
        uint256 index = holderIndex[account];
        address last = holders[holders.length - 1];
        holders[index] = last;
        holderIndex[last] = index;
        holders.pop();
        isHolder[account] = false;
        delete holderIndex[account];
    }
}

/// @notice A "printer" token of the dividend-tracker kind: buys and sells through its pair pay a fee
/// in the token; once enough has gathered, the next sell swaps it for the reward token (HEX) through
/// the router straight into the tracker, which pays holders (automatically during transfers, or when
/// they claim). Transfers between wallets pay no fee. `dividendTracker()` and `rewardToken()` name
/// the tracker and what it pays.
contract DividendPrinterToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public constant FEE_BPS = 500; // 5 % on buys and sells
    uint256 public constant PROCESS_PER_TRANSFER = 3;

    uint256 public totalSupply;
    address public immutable owner;
    address public immutable rewardToken;
    DividendTracker public immutable dividendTracker;

    address public router;
    address public pair;
    address public wrappedNative;
    uint256 public swapThreshold;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public isFeeExempt;

    bool private inSwap;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event FeesSwapped(uint256 tokens, uint256 rewards);

    constructor(
        string memory name_,
        string memory symbol_,
        uint256 supply,
        address rewardToken_,
        uint256 minimumTokenBalanceForDividends,
        uint256 minimumAutoPayout
    ) {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
        rewardToken = rewardToken_;
        dividendTracker = new DividendTracker(rewardToken_, minimumTokenBalanceForDividends, minimumAutoPayout);
        isFeeExempt[msg.sender] = true;
        isFeeExempt[address(this)] = true;
        dividendTracker.excludeFromDividends(msg.sender);
        dividendTracker.excludeFromDividends(address(this));
        dividendTracker.excludeFromDividends(address(dividendTracker));
        dividendTracker.excludeFromDividends(address(0));
        dividendTracker.excludeFromDividends(address(0xdead));
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    /// @notice Wires the token to its pair and router (the pair exists only after the token).
    function configure(address router_, address pair_, address wrappedNative_, uint256 swapThreshold_) external {
        require(msg.sender == owner, "DividendPrinter: owner");
        router = router_;
        pair = pair_;
        wrappedNative = wrappedNative_;
        swapThreshold = swapThreshold_;
        dividendTracker.excludeFromDividends(pair_);
        dividendTracker.excludeFromDividends(router_);
        allowance[address(this)][router_] = type(uint256).max;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "DividendPrinter: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(to != address(0), "DividendPrinter: to zero");
        if (inSwap) {
            _move(from, to, amount);
            return;
        }
        if (to == pair && from != address(this) && swapThreshold > 0 && balanceOf[address(this)] >= swapThreshold) {
            _swapAndDistribute();
        }
        uint256 fee = 0;
        if ((from == pair || to == pair) && !isFeeExempt[from] && !isFeeExempt[to]) {
            fee = (amount * FEE_BPS) / 10_000;
        }
        if (fee > 0) _move(from, address(this), fee);
        _move(from, to, amount - fee);
        dividendTracker.setBalance(from, balanceOf[from]);
        dividendTracker.setBalance(to, balanceOf[to]);
        dividendTracker.process(PROCESS_PER_TRANSFER);
    }

    function _swapAndDistribute() internal {
        inSwap = true;
        uint256 amount = balanceOf[address(this)];
        address[] memory path = new address[](3);
        path[0] = address(this);
        path[1] = wrappedNative;
        path[2] = rewardToken;
        IDividendRewardToken rewards = IDividendRewardToken(rewardToken);
        uint256 before = rewards.balanceOf(address(dividendTracker));
        IV2RouterDividendSwap(router).swapExactTokensForTokensSupportingFeeOnTransferTokens(
            amount, 0, path, address(dividendTracker), block.timestamp
        );
        uint256 received = rewards.balanceOf(address(dividendTracker)) - before;
        dividendTracker.distributeDividends(received);
        emit FeesSwapped(amount, received);
        inSwap = false;
    }

    function _move(address from, address to, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        require(balance >= amount, "DividendPrinter: balance");
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
