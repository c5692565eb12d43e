// SPDX-License-Identifier: AGPL-3.0-only
pragma solidity ^0.8.20;

interface IRewardToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

interface IV2RouterFeeSwap {
    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}

/// @notice Pays a reward token (PLSX) to the holders of a printer token in proportion to their
/// holdings: the classic dividend-distributor pattern of PulseChain "printer" tokens. The token
/// reports every holder's balance (setShare), deposits the rewards it bought (deposit) and, on
/// every transfer, asks the distributor to pay a few holders (process) - so holders receive reward
/// Transfer events from this contract while other people trade.
contract PrinterDistributor {
    struct Share {
        uint256 amount;
        uint256 totalExcluded;
        uint256 totalRealised;
    }

    uint256 public constant ACCURACY = 1e36;

    address public immutable token;
    IRewardToken public immutable reward;
    uint256 public immutable minDistribution;

    address[] public shareholders;
    mapping(address => uint256) internal shareholderIndex;
    mapping(address => Share) public shares;

    uint256 public totalShares;
    uint256 public totalDividends;
    uint256 public totalDistributed;
    uint256 public dividendsPerShare;
    uint256 public currentIndex;

    event Deposited(uint256 amount);
    event Paid(address indexed holder, uint256 amount);

    modifier onlyToken() {
        require(msg.sender == token, "Distributor: token only");
        _;
    }

    constructor(address reward_, uint256 minDistribution_) {
        token = msg.sender;
        reward = IRewardToken(reward_);
        minDistribution = minDistribution_;
    }

    function shareholderCount() external view returns (uint256) {
        return shareholders.length;
    }

    function setShare(address holder, uint256 amount) external onlyToken {
        Share storage share = shares[holder];
        if (share.amount > 0) _distribute(holder);
        if (amount > 0 && share.amount == 0) {
            shareholderIndex[holder] = shareholders.length;
            shareholders.push(holder);
        } else if (amount == 0 && share.amount > 0) {
            uint256 index = shareholderIndex[holder];
            address last = shareholders[shareholders.length - 1];
            shareholders[index] = last;
            shareholderIndex[last] = index;
            shareholders.pop();
        }
        totalShares = totalShares - share.amount + amount;
        share.amount = amount;
        share.totalExcluded = _cumulative(amount);
    }

    function deposit(uint256 amount) external onlyToken {
        totalDividends += amount;
        if (totalShares > 0) dividendsPerShare += (ACCURACY * amount) / totalShares;
        emit Deposited(amount);
    }

    /// @notice Visits up to `maxHolders` holders round-robin and pays those owed at least
    /// minDistribution. A fixed count (not a gas budget) keeps gas estimation exact.
    function process(uint256 maxHolders) external onlyToken {
        uint256 count = shareholders.length;
        if (count == 0) return;
        uint256 visits = maxHolders < count ? maxHolders : count;
        for (uint256 i = 0; i < visits; i++) {
            if (currentIndex >= count) currentIndex = 0;
            address holder = shareholders[currentIndex];
            if (getUnpaidEarnings(holder) >= minDistribution) _distribute(holder);
            currentIndex++;
        }
    }

    /// @notice A holder can always collect what they are owed.
    function claim() external {
        _distribute(msg.sender);
    }

    function getUnpaidEarnings(address holder) public view returns (uint256) {
        uint256 amount = shares[holder].amount;
        if (amount == 0) return 0;
        uint256 earned = _cumulative(amount);
        uint256 excluded = shares[holder].totalExcluded;
        return earned <= excluded ? 0 : earned - excluded;
    }

    function _distribute(address holder) internal {
        uint256 amount = getUnpaidEarnings(holder);
        if (amount == 0) return;
        Share storage share = shares[holder];
        totalDistributed += amount;
        share.totalRealised += amount;
        share.totalExcluded = _cumulative(share.amount);
        require(reward.transfer(holder, amount), "Distributor: reward transfer");
        emit Paid(holder, amount);
    }

    function _cumulative(uint256 amount) internal view returns (uint256) {
        return (amount * dividendsPerShare) / ACCURACY;
    }
}

/// @notice A "printer" token: buys and sells through its pair pay a fee in the token; once enough
/// has gathered, the next sell swaps it for the reward token (PLSX) through the router, straight
/// into the distributor, which pays holders. Transfers between wallets pay no fee.
contract PrinterToken {
    string public constant name = "Printer";
    string public constant symbol = "PRINT";
    uint8 public constant decimals = 18;
    uint256 public constant FEE_BPS = 500; // 5 % on buys and sells
    uint256 public constant PROCESS_PER_TRANSFER = 3;

    uint256 public totalSupply;
    address public immutable owner;
    address public immutable rewardToken;
    PrinterDistributor public immutable distributor;

    address public router;
    address public pair;
    address public wrappedNative;
    uint256 public swapThreshold;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public isFeeExempt;
    mapping(address => bool) public isDividendExempt;

    bool private inSwap;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event FeesSwapped(uint256 tokens, uint256 rewards);

    constructor(uint256 supply, address rewardToken_, uint256 minDistribution) {
        owner = msg.sender;
        rewardToken = rewardToken_;
        distributor = new PrinterDistributor(rewardToken_, minDistribution);
        isFeeExempt[msg.sender] = true;
        isFeeExempt[address(this)] = true;
        isDividendExempt[msg.sender] = true;
        isDividendExempt[address(this)] = true;
        isDividendExempt[address(0)] = true;
        isDividendExempt[address(distributor)] = true;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    /// @notice Wires the token to its pair and router (the pair exists only after the token).
    function configure(address router_, address pair_, address wrappedNative_, uint256 swapThreshold_) external {
        require(msg.sender == owner, "Printer: owner");
        router = router_;
        pair = pair_;
        wrappedNative = wrappedNative_;
        swapThreshold = swapThreshold_;
        isDividendExempt[pair_] = true;
        isDividendExempt[router_] = true;
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
            require(allowed >= amount, "Printer: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(to != address(0), "Printer: to zero");
        if (inSwap) {
            _move(from, to, amount);
            return;
        }
        if (to == pair && from != address(this) && balanceOf[address(this)] >= swapThreshold && swapThreshold > 0) {
            _swapBack();
        }
        uint256 fee = 0;
        if ((from == pair || to == pair) && !isFeeExempt[from] && !isFeeExempt[to]) {
            fee = (amount * FEE_BPS) / 10_000;
        }
        if (fee > 0) _move(from, address(this), fee);
        _move(from, to, amount - fee);
        if (!isDividendExempt[from]) distributor.setShare(from, balanceOf[from]);
        if (!isDividendExempt[to]) distributor.setShare(to, balanceOf[to]);
        distributor.process(PROCESS_PER_TRANSFER);
    }

    function _swapBack() internal {
        inSwap = true;
        uint256 amount = balanceOf[address(this)];
        address[] memory path = new address[](3);
        path[0] = address(this);
        path[1] = wrappedNative;
        path[2] = rewardToken;
        IRewardToken rewards = IRewardToken(rewardToken);
        uint256 before = rewards.balanceOf(address(distributor));
        IV2RouterFeeSwap(router).swapExactTokensForTokensSupportingFeeOnTransferTokens(
            amount, 0, path, address(distributor), block.timestamp
        );
        uint256 received = rewards.balanceOf(address(distributor)) - before;
        distributor.deposit(received);
        emit FeesSwapped(amount, received);
        inSwap = false;
    }

    function _move(address from, address to, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        require(balance >= amount, "Printer: balance");
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
