// SPDX-License-Identifier: AGPL-3.0-only
pragma solidity ^0.8.20;

/// @notice A minimal ERC-20 whose whole supply is minted to a list of holders at creation.
/// Holder i receives baseAmount * (i + 1), so every holder's balance is distinct and non-zero.
contract BulkToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, address[] memory holders, uint256 baseAmount) {
        name = name_;
        symbol = symbol_;
        uint256 supply = 0;
        for (uint256 i = 0; i < holders.length; i++) {
            uint256 amount = baseAmount * (i + 1);
            balanceOf[holders[i]] += amount;
            supply += amount;
            emit Transfer(address(0), holders[i], amount);
        }
        totalSupply = supply;
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
            require(allowed >= amount, "BulkToken: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(balanceOf[from] >= amount, "BulkToken: balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// @notice Creates many BulkTokens in one transaction: token n is "Bulk Token n" / "BULKn" and
/// mints n * 1e18 * (i + 1) to holder i. The tokens' addresses follow from this factory's address
/// and nonce, so they are the same on every run.
contract BulkTokenFactory {
    address[] public tokens;

    event TokenCreated(uint256 indexed number, address token);

    function create(uint256 count, address[] calldata holders) external {
        for (uint256 i = 0; i < count; i++) {
            uint256 n = tokens.length + 1;
            string memory digits = _toString(n);
            BulkToken token =
                new BulkToken(string.concat("Bulk Token ", digits), string.concat("BULK", digits), holders, n * 1e18);
            tokens.push(address(token));
            emit TokenCreated(n, address(token));
        }
    }

    function tokenCount() external view returns (uint256) {
        return tokens.length;
    }

    function allTokens() external view returns (address[] memory) {
        return tokens;
    }

    function _toString(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 length = 0;
        for (uint256 v = value; v != 0; v /= 10) length++;
        bytes memory buffer = new bytes(length);
        for (uint256 v = value; v != 0; v /= 10) {
            buffer[--length] = bytes1(uint8(48 + (v % 10)));
        }
        return string(buffer);
    }
}
